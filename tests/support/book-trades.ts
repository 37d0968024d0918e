import Decimal from 'decimal.js';

import { ApiClient } from './http-client';
import { fundedTrader } from './trader-fixtures';
import type { TestExchange } from './test-exchange';
import { openingBookMarket } from './opening-catalog';

/**
 * `count` consecutive prices strictly inside the current spread of a book (around the reference
 * when a side is empty), so orders placed there meet only each other whatever other tests left on
 * the book of the shared test database.
 */
export async function pricesInsideSpread(
  server: Pick<TestExchange, 'url'>,
  symbol: string,
  count: number,
): Promise<string[]> {
  const api = new ApiClient(server.url);
  const market = openingBookMarket(symbol);
  const tick = new Decimal(market.tickSize);
  const depth = (await api.get(`/market/depth?symbol=${symbol}&limit=1`)).body;
  const reference = new Decimal(
    (await api.get('/market/quotes')).body.find((q: any) => q.symbol === market.symbol).price,
  ).toNearest(tick);
  const low = depth.bids[0]
    ? new Decimal(depth.bids[0][0]).plus(tick)
    : Decimal.max(tick, reference.minus(tick.times(1000)));
  const high = depth.asks[0]
    ? new Decimal(depth.asks[0][0]).minus(tick)
    : Decimal.max(low, reference).plus(tick.times(1000));
  if (high.minus(low).lessThan(tick.times(count)))
    throw new Error(`the ${symbol} spread is too narrow for ${count} prices`);
  const first = low
    .plus(high)
    .div(2)
    .toNearest(tick, Decimal.ROUND_DOWN)
    .minus(tick.times(Math.floor(count / 2)));
  return Array.from({ length: count }, (_, i) => first.plus(tick.times(i)).toFixed());
}

type BookSide = 'buy' | 'sell';
interface BookOrder {
  symbol: string;
  base: string;
  side: BookSide;
  price: string;
  amount: string;
}

/** A new trader funded to place `order`: its base, or the quote with room for fees. */
function traderFor(server: TestExchange, order: BookOrder) {
  const funds =
    order.side === 'sell'
      ? { [order.base]: order.amount }
      : { USD: new Decimal(order.price).times(order.amount).times(2).plus(10).toFixed() };
  return fundedTrader(server, funds, order.side === 'sell' ? 'Book Seller' : 'Book Buyer');
}

/** `order` placed by `trader` as a limit order (200 expected). */
async function place(trader: { client: ApiClient }, order: BookOrder) {
  const { symbol, side, amount, price } = order;
  const placed = await trader.client.post('/trading/order', { symbol, side, type: 'limit', amount, price });
  if (placed.status !== 200) throw new Error(`${side} order refused: ${JSON.stringify(placed.body)}`);
}

/**
 * A limit order placed through the HTTP API by a new trader funded for it: with a price from
 * pricesInsideSpread, the best of its side, for a test's own order to take.
 */
export async function restOnBook(server: TestExchange, order: BookOrder) {
  const trader = await traderFor(server, order);
  await place(trader, order);
  return trader;
}

/**
 * Makes one real trade on a book through the HTTP API: a seller rests a limit sell, then a buyer's
 * limit buy at the same price takes it (or the other way round with taker 'sell'). Use a price from
 * pricesInsideSpread, so nothing else on the book takes part.
 */
export async function tradeOnBook(
  server: TestExchange,
  trade: { symbol: string; base: string; price: string; amount: string; taker?: BookSide },
) {
  const takerSide = trade.taker ?? 'buy';
  const makerSide = takerSide === 'buy' ? 'sell' : 'buy';
  // Both are funded first, so that the maker's order rests only as long as the taker takes to place theirs.
  const maker = await traderFor(server, { ...trade, side: makerSide });
  const taker = await traderFor(server, { ...trade, side: takerSide });
  await place(maker, { ...trade, side: makerSide });
  await place(taker, { ...trade, side: takerSide });
  return { maker, taker };
}

/** The orders clearOpenOrders cancels: every one on a book, or every one of the traders registered since a time. */
export type OpenOrdersOf = { symbol: string } | { registeredSince: Date };

/**
 * Cancels open orders, waiting stops and order lists' included, on the shared test database, owner
 * by owner: with `symbol`, every open order on that book, for a test whose trade must be the book's
 * last, which a stop other test files left could follow; with `registeredSince`, every open order
 * on every book of each trader registered since then (a test file's own, as files run one at a
 * time), so that nothing of the file stays resting for later files (canceling one of a list's orders
 * ends the others).
 */
export async function clearOpenOrders(server: TestExchange, of: OpenOrdersOf) {
  const open = `o.status IN ('new', 'partially_filled', 'waiting', 'pending_new')`;
  const owners: Array<{ user_id: string }> =
    'symbol' in of
      ? await server.exchange.context.dataSource.query(
          `SELECT DISTINCT o.user_id FROM orders o WHERE o.symbol = $1 AND ${open}`,
          [of.symbol],
        )
      : await server.exchange.context.dataSource.query(
          `SELECT DISTINCT o.user_id FROM orders o JOIN users u ON u.id = o.user_id
            WHERE u.created_at >= $1 AND ${open}`,
          [of.registeredSince],
        );
  const { trading } = server.exchange;
  for (const { user_id } of owners)
    await ('symbol' in of ? trading.cancelAllOrdersOnBook(of.symbol, user_id) : trading.cancelAllOrders(user_id));
}
