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

/**
 * Cancels every open order on a book of the shared test database, waiting stops included: for a
 * test whose trade must be the book's last, which a stop other test files left could follow.
 */
export async function clearBook(server: TestExchange, symbol: string) {
  const owners: Array<{ user_id: string }> = await server.exchange.context.dataSource.query(
    `SELECT DISTINCT user_id FROM orders WHERE symbol = $1
        AND status IN ('new', 'partially_filled', 'waiting', 'pending_new')`,
    [symbol],
  );
  for (const { user_id } of owners) await server.exchange.trading.cancelAllOrdersOnBook(symbol, user_id);
}
