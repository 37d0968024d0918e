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

/**
 * Makes one real trade on a book through the HTTP API: a seller rests a limit sell, then a buyer's
 * limit buy at the same price takes it (or the other way round with taker 'sell'). Use a price from
 * pricesInsideSpread, so nothing else on the book takes part.
 */
export async function tradeOnBook(
  server: TestExchange,
  trade: { symbol: string; base: string; price: string; amount: string; taker?: 'buy' | 'sell' },
) {
  const total = new Decimal(trade.price).times(trade.amount).times(2).plus(10).toFixed();
  const seller = await fundedTrader(server, { [trade.base]: trade.amount }, 'Book Seller');
  const buyer = await fundedTrader(server, { USD: total }, 'Book Buyer');
  const order = (side: 'buy' | 'sell') => ({
    symbol: trade.symbol,
    side,
    type: 'limit',
    amount: trade.amount,
    price: trade.price,
  });
  const [maker, taker] = trade.taker === 'sell' ? [buyer, seller] : [seller, buyer];
  const makerSide = trade.taker === 'sell' ? 'buy' : 'sell';
  const rested = await maker.client.post('/trading/order', order(makerSide));
  if (rested.status !== 200) throw new Error(`maker order refused: ${JSON.stringify(rested.body)}`);
  const took = await taker.client.post('/trading/order', order(makerSide === 'buy' ? 'sell' : 'buy'));
  if (took.status !== 200) throw new Error(`taker order refused: ${JSON.stringify(took.body)}`);
  return { maker, taker };
}
