import Decimal from 'decimal.js';
import fc from 'fast-check';

import { ApiClient } from './http-client';
import { openingBookMarket } from './opening-catalog';

/** One step of a random order stream on a book: a limit (GTC or IOC) or market order, or a cancel. */
export interface BookAction {
  trader: number;
  kind: 'limit' | 'ioc' | 'market' | 'cancel';
  side: 'buy' | 'sell';
  /** Index into the stream's prices. */
  price: number;
  /** Amount in the book's minimum order value: 1 is the smallest order it takes. */
  size: number;
}

export const bookActions = (traders: number, prices: number) =>
  fc.array(
    fc.record({
      trader: fc.nat({ max: traders - 1 }),
      kind: fc.constantFrom<BookAction['kind']>('limit', 'limit', 'limit', 'ioc', 'market', 'cancel', 'cancel'),
      side: fc.constantFrom<BookAction['side']>('buy', 'sell'),
      price: fc.nat({ max: prices - 1 }),
      size: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 5, maxLength: 30 },
  );

/**
 * Runs `actions` one after another through the web API of `baseUrl` (each trader's token) on
 * `symbol`, at `prices` (inside the book's spread, so the stream meets mostly itself). Refusals a
 * random stream meets (funds, an empty side, an order already gone) are part of it.
 */
export async function runBookActions(
  baseUrl: string,
  tokens: string[],
  symbol: string,
  prices: string[],
  actions: BookAction[],
): Promise<void> {
  const market = openingBookMarket(symbol);
  // The smallest amount worth the minimum order value at the highest price, on the lot.
  const highest = Decimal.max(...prices);
  const unit = new Decimal(market.minNotional).div(highest).toNearest(market.lotSize, Decimal.ROUND_UP).times(2);
  for (const action of actions) {
    const client = new ApiClient(baseUrl, tokens[action.trader]);
    if (action.kind === 'cancel') {
      const open: Array<{ id: string }> = (await client.get(`/trading/orders/open?symbol=${symbol}`)).body;
      const order = open[action.price % Math.max(open.length, 1)];
      if (order) expectStatus(await client.delete('/trading/order', { order_id: order.id }), [200, 409]);
      continue;
    }
    const body = {
      symbol,
      side: action.side,
      type: action.kind === 'market' ? 'market' : 'limit',
      amount: unit.times(action.size).toFixed(),
      ...(action.kind === 'market' ? {} : { price: prices[action.price] }),
      ...(action.kind === 'ioc' ? { time_in_force: 'IOC' } : {}),
    };
    expectStatus(await client.post('/trading/order', body), [200, 400]);
  }
}

/** Cancels every open order the traders have on `symbol`. */
export async function cancelOpenOrders(baseUrl: string, tokens: string[], symbol: string): Promise<void> {
  for (const token of tokens) {
    const client = new ApiClient(baseUrl, token);
    for (const order of (await client.get(`/trading/orders/open?symbol=${symbol}`)).body as Array<{ id: string }>)
      expectStatus(await client.delete('/trading/order', { order_id: order.id }), [200, 409]);
  }
}

function expectStatus(response: { status: number; body: unknown }, statuses: number[]) {
  if (!statuses.includes(response.status))
    throw new Error(`unexpected answer ${response.status}: ${JSON.stringify(response.body)}`);
}
