import type { DataSource, EntityManager } from 'typeorm';
import { lockKey } from '../cluster/advisory-locks';
import { bookLock } from '../cluster/book-ownership';
import type { Config } from '../../platform/config/config';
import { post, type Posting } from '../../ledger/ledger';
import { money } from '../../kernel/money';
import { MAKER, TAKER } from '../liquidity/liquidity.module';
import { ladderDepth, liquidMarkets } from '../liquidity/liquid-markets';
import { takerPaces } from '../liquidity/taker-flow';
import { ensureSystemTrader } from '../liquidity/system-trader';
import { bucketStart } from '../market-data/candles';
import { USD, type BookMarket, type MarketCatalog } from '../../markets/catalog';
import { seededRandom, type Random } from '../../markets/reference-prices/random-walk';
import { PAST_DAYS, pastTrades, type PastBalances, type PastTrade } from './past-trades';

const DAY_MS = 86_400_000;

type PastConfig = Pick<Config, 'MARKET_FEED_SEED'>;

interface SystemTraders {
  makerId: string;
  takerId: string;
}

export interface WrittenPast {
  symbol: string;
  trades: number;
}

/**
 * Gives every market that has never traded a believable past (pastTrades: the seeded walk, the
 * taker flow's sizes, between the market maker and the simulated taker) from PAST_DAYS days before
 * the current (UTC) day up to `nowMs`, ending at the seed price the live reference starts from.
 * Each market's past is one transaction: its trades in one statement (the candles trigger builds
 * their candles of every width), and one posting that settles them all (no fees: the past earns
 * the venue nothing), so the ledger check stays clean. Runs before the books open, so their trade numbering continues after
 * the past's. Idempotent: a market with trades is left alone, as is one whose book another process
 * already opened (its advisory lock is held: that book counts its trades from what it found).
 */
export async function writeMarketHistory(
  dataSource: DataSource,
  catalog: MarketCatalog,
  config: PastConfig,
  nowMs = Date.now(),
): Promise<WrittenPast[]> {
  const traders = {
    makerId: await ensureSystemTrader(dataSource, MAKER),
    takerId: await ensureSystemTrader(dataSource, TAKER),
  };
  // A stream of its own from the seed, so the live walk's draws stay what the seed gives them.
  const random = seededRandom((config.MARKET_FEED_SEED ?? nowMs) ^ 0x5eed);
  const written: WrittenPast[] = [];
  const markets = liquidMarkets(catalog);
  // The live takers' pace on each market: the past's volume follows it. One they never trade has no past.
  const paces = takerPaces(new Map(markets.map((m) => [m, ladderDepth(m, MAKER.inventory, markets)])));
  for (const [market, livePaceMs] of paces) {
    const trades = await dataSource.transaction((manager) =>
      writePast(manager, market, livePaceMs, traders, random, nowMs),
    );
    if (trades > 0) written.push({ symbol: market.symbol, trades });
  }
  return written;
}

async function writePast(
  manager: EntityManager,
  market: BookMarket,
  livePaceMs: number,
  { makerId, takerId }: SystemTraders,
  random: Random,
  nowMs: number,
): Promise<number> {
  const [{ free }]: Array<{ free: boolean }> = await manager.query(
    'SELECT pg_try_advisory_xact_lock($1::bigint) AS free',
    [lockKey(bookLock(market.symbol))],
  );
  const traded: unknown[] = await manager.query('SELECT 1 FROM trades WHERE symbol = $1 LIMIT 1', [market.symbol]);
  if (!free || traded.length > 0) return 0;
  const balances: Array<{ user_id: string; asset: string; available: string }> = await manager.query(
    'SELECT user_id, asset, available FROM accounts WHERE user_id = ANY($1::uuid[]) AND asset = ANY($2::varchar[])',
    [
      [makerId, takerId],
      [USD, market.base],
    ],
  );
  const balancesOf = (userId: string): PastBalances => {
    const of = (asset: string) =>
      money(balances.find((b) => b.user_id === userId && b.asset === asset)?.available ?? 0);
    return { base: of(market.base), usd: of(USD) };
  };
  const trades = pastTrades(
    market,
    {
      startMs: bucketStart(nowMs, '1d') - PAST_DAYS * DAY_MS,
      endMs: nowMs,
      endPrice: money(market.seedPrice),
      livePaceMs,
      maker: balancesOf(makerId),
      taker: balancesOf(takerId),
      takerInventory: money(TAKER.inventory[market.base] ?? 0),
    },
    random,
  );
  if (trades.length === 0) return 0;
  await insertTrades(manager, market, trades, makerId, takerId);
  await post(manager, settlement(market, trades, makerId, takerId));
  return trades.length;
}

/** One posting that settles all of a market's past trades, as their fills would have one by one. */
function settlement(market: BookMarket, trades: PastTrade[], makerId: string, takerId: string): Posting {
  const total = (side: 'buy' | 'sell', field: 'amount' | 'quote') =>
    trades.filter((t) => t.takerSide === side).reduce((sum, t) => sum.plus(t[field]), money(0));
  const bought = { base: total('buy', 'amount'), usd: total('buy', 'quote') };
  const sold = { base: total('sell', 'amount'), usd: total('sell', 'quote') };
  // What the taker bought, the maker sold, and the other way round.
  const takerBase = bought.base.minus(sold.base);
  const takerUsd = sold.usd.minus(bought.usd);
  return {
    reason: 'market_history',
    referenceType: 'market_history',
    referenceId: market.symbol,
    legs: [
      { owner: { userId: takerId }, asset: market.base, bucket: 'available', amount: takerBase },
      { owner: { userId: makerId }, asset: market.base, bucket: 'available', amount: takerBase.neg() },
      { owner: { userId: takerId }, asset: USD, bucket: 'available', amount: takerUsd },
      { owner: { userId: makerId }, asset: USD, bucket: 'available', amount: takerUsd.neg() },
    ],
  };
}

/**
 * The past's trades in one statement, numbered 1, 2, ... in time order as the book numbers its
 * own. They name orders that never rested on a book (the past was never matched): fresh ids.
 */
function insertTrades(
  manager: EntityManager,
  market: BookMarket,
  trades: PastTrade[],
  makerId: string,
  takerId: string,
): Promise<unknown> {
  return manager.query(
    `INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                         maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
     SELECT gen_random_uuid(), $1, t.seq, t.price, t.amount, t.quote, t.side, gen_random_uuid(), gen_random_uuid(),
            $2, $3, 0, 0, t.at
       FROM unnest($4::numeric[], $5::numeric[], $6::numeric[], $7::varchar[], $8::timestamptz[])
            WITH ORDINALITY AS t(price, amount, quote, side, at, seq)`,
    [
      market.symbol,
      makerId,
      takerId,
      trades.map((t) => t.price),
      trades.map((t) => t.amount),
      trades.map((t) => t.quote),
      trades.map((t) => t.takerSide),
      trades.map((t) => t.time.toISOString()),
    ],
  );
}
