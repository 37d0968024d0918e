import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { Config } from '../../platform/config/config';
import { money } from '../../kernel/money';
import { USD, type MarketCatalog } from '../../markets/catalog';
import type { BinanceApiDeps, BinanceRoutes } from './binance-deps';
import { addEndpoints, endpoint } from './binance-endpoint';
import { booleanParam, symbolParam } from './binance-params';
import { effectiveFeeRates, storedTierRates } from '../../trading/fee-tiers/fee-tiers';
import { commissionRates } from './protocol/commission-rates';
import { decimalText } from './protocol/decimal-text';

/** The dollar balance is USDT on this surface (1 USDT = 1 USD here); every other asset keeps its name. */
export const binanceAsset = (asset: string) => (asset === USD ? 'USDT' : asset);

interface AccountRow {
  kyc_status: string;
  /** The fee tier's rates (null: not placed in a tier yet, the venue's defaults). */
  tier_maker_rate: string | null;
  tier_taker_rate: string | null;
  asset: string | null;
  available: string | null;
  locked: string | null;
  changed_at: Date | null;
}

/** The user's KYC status and accounts, with when each last changed (its newest ledger entry, by the entries' index). */
export async function readAccount(dataSource: DataSource, userId: string): Promise<AccountRow[]> {
  return dataSource.query(
    `SELECT u.kyc_status, u.tier_maker_rate::text, u.tier_taker_rate::text, a.asset, a.available, a.locked, latest.created_at AS changed_at
       FROM users u
       LEFT JOIN accounts a ON a.user_id = u.id
       LEFT JOIN LATERAL (SELECT e.created_at FROM ledger_entries e WHERE e.account_id = a.id
                           ORDER BY e.id DESC LIMIT 1) latest ON true
      WHERE u.id = $1`,
    [userId],
  );
}

/** A fee rate as Binance gives it: in basis points (makerCommission), and as a decimal string (commissionRates). */
const basisPoints = (rate: string) => money(rate).times(10_000).toNumber();

const accountParams = z.object({ omitZeroBalances: booleanParam('omitZeroBalances').optional() });
export const commissionParams = (catalog: MarketCatalog) => z.object({ symbol: symbolParam(catalog) });

function accountView(
  catalog: MarketCatalog,
  rows: AccountRow[],
  config: Config,
  keyCanTrade: boolean,
  omitZeroBalances: boolean,
) {
  const byAsset = new Map(rows.filter((row) => row.asset !== null).map((row) => [row.asset!, row]));
  const balances = catalog
    .assets()
    .map((asset) => {
      const row = byAsset.get(asset);
      return {
        asset: binanceAsset(asset),
        free: decimalText(row?.available ?? '0'),
        locked: decimalText(row?.locked ?? '0'),
      };
    })
    .filter((balance) => !omitZeroBalances || !money(balance.free).isZero() || !money(balance.locked).isZero());
  const changedAt = rows.map((row) => row.changed_at?.getTime() ?? 0);
  const zeroRate = decimalText('0');
  // The caller's tier's rates (what it pays on a market without its own rates).
  const maker = rows[0]?.tier_maker_rate ?? config.MAKER_FEE_RATE;
  const taker = rows[0]?.tier_taker_rate ?? config.TAKER_FEE_RATE;
  return {
    makerCommission: basisPoints(maker),
    takerCommission: basisPoints(taker),
    buyerCommission: 0,
    sellerCommission: 0,
    commissionRates: {
      maker: decimalText(maker),
      taker: decimalText(taker),
      buyer: zeroRate,
      seller: zeroRate,
    },
    // This key's view: its owner may trade (KYC approved) and the key was given trading.
    canTrade: keyCanTrade && rows[0]?.kyc_status === 'approved',
    // Deposits and withdrawals go through the web application's bank transfers.
    canWithdraw: true,
    canDeposit: true,
    brokered: false,
    requireSelfTradePrevention: false,
    preventSor: false,
    updateTime: Math.max(0, ...changedAt),
    accountType: 'SPOT',
    balances,
    permissions: ['SPOT'],
  };
}

/** The account (USER_DATA, weight 20): the caller's balances, available ("free") and held ("locked"). */
export const accountEndpoint = (deps: BinanceApiDeps) =>
  endpoint({
    security: 'USER_DATA',
    weight: 20,
    schema: accountParams,
    async answer({ omitZeroBalances = false }, caller) {
      const rows = await readAccount(deps.context.dataSource, caller.userId);
      // Binance's uid is a number; ours is the account's id.
      return {
        ...accountView(deps.catalog, rows, deps.context.config, caller.canTrade, omitZeroBalances),
        uid: caller.userId,
      };
    },
  });

/** account/commission (USER_DATA, weight 20): the caller's commission rates on a symbol (its tier's, the market's own as floor). */
export const commissionEndpoint = (deps: BinanceApiDeps) =>
  endpoint({
    security: 'USER_DATA',
    weight: 20,
    schema: commissionParams(deps.catalog),
    answer: async ({ symbol }, caller) =>
      commissionRates(
        symbol,
        effectiveFeeRates(symbol, await storedTierRates(deps.context.dataSource.manager, caller.userId)),
      ),
  });

/** rateLimit/order (USER_DATA, weight 40): the caller's order counts against the order limits. */
export const orderRateLimitEndpoint = (deps: BinanceApiDeps) =>
  endpoint({
    security: 'USER_DATA',
    weight: 40,
    schema: z.object({}),
    answer: (_params, caller) => deps.limits.orderCounts(caller.userId),
  });

/** GET /api/v3/account, account/commission, rateLimit/order. */
export const accountRoutes: BinanceRoutes = (router, deps) => {
  addEndpoints(router, deps, [
    ['get', '/account', accountEndpoint(deps)],
    ['get', '/account/commission', commissionEndpoint(deps)],
    ['get', '/rateLimit/order', orderRateLimitEndpoint(deps)],
  ]);
};
