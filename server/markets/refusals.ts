import { refusals } from '../kernel/refusal';

/** What administering the catalog refuses: markets that cannot be listed, rules the books cannot count in, unknown markets. */
export type MarketsRefusal =
  | 'symbol-not-base-usdt'
  | 'market-exists'
  | 'asset-traded'
  | 'reference-price-off-tick'
  /** data: `shortfall`, why the market maker could not quote the market. */
  | 'market-unquotable'
  /** The venue cancels traders' orders only on a market that takes no new orders: else the book refills at once. */
  | 'market-still-trading'
  /** data: `decimals`, what the ledger keeps. */
  | 'too-many-decimals'
  | 'min-notional-too-large'
  | 'market-not-found';

export const refuseMarkets = refusals<MarketsRefusal>();
