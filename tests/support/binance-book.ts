import Decimal from 'decimal.js';
import { binanceCall, keyedTrader, signedCall, type KeyedTrader } from './binance-client';
import { StreamClient } from './stream-client';
import type { TestExchange } from './test-exchange';
import { balanceOf, ledgerReport } from './trading-fixtures';

/** A decimal as Binance's answers write it: eight places. */
export const eight = (value: Decimal.Value) => new Decimal(value).toFixed(8);

/**
 * Signed calls, GTC limit orders, trades and hold checks on one book of the test file's exchange
 * (`exchange`, read when called: it starts in beforeAll), for the tests of Binance's order kinds:
 * `quantity` of `base` is what each order trades unless told, `cash` the USD a buyer of it is given.
 */
export function binanceBook(
  exchange: () => TestExchange,
  book: { symbol: string; base: string; quantity: string; cash: string },
) {
  const trader = (balances: Record<string, string>, name?: string) => keyedTrader(exchange(), balances, name);

  const call = async (who: KeyedTrader, method: string, path: string, params: Record<string, string | number> = {}) => {
    const { status, body } = await signedCall(exchange().url, who.key, method, path, params);
    return { status, body };
  };

  const ok = async (who: KeyedTrader, method: string, path: string, params: Record<string, string | number> = {}) => {
    const answer = await call(who, method, path, params);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  /** Cancels an order of `who` on the book, whatever the answer: a test's cleanup. */
  const cancel = (who: KeyedTrader, orderId: number) => call(who, 'DELETE', '/order', { symbol: book.symbol, orderId });

  /** A user data stream of `who`: a listen key opened with their API key, and a connection to it. */
  const userStream = async (who: KeyedTrader) => {
    const opened = await binanceCall(exchange().url, 'POST', '/userDataStream', {
      headers: { 'X-MBX-APIKEY': who.key.api_key },
    });
    return StreamClient.connect(exchange().url, `/ws/${opened.body.listenKey}`);
  };

  const limit = (side: 'BUY' | 'SELL', price: string, quantity = book.quantity) => ({
    symbol: book.symbol,
    side,
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity,
    price,
  });

  /** A trade at `price` between two traders of its own: the book's last price is then `price`. */
  const tradeAt = async (price: string) => {
    const seller = await trader({ [book.base]: book.quantity });
    const buyer = await trader({ USD: book.cash });
    await ok(seller, 'POST', '/order', limit('SELL', price));
    expect(await ok(buyer, 'POST', '/order', limit('BUY', price))).toMatchObject({ status: 'FILLED' });
  };

  /** Every hold a trader's orders took is back: nothing locked in either asset, and the ledger balances. */
  const released = async (who: KeyedTrader) => {
    expect((await balanceOf(exchange(), who.userId, 'USD')).locked).toBe('0');
    expect((await balanceOf(exchange(), who.userId, book.base)).locked).toBe('0');
    expect((await ledgerReport(exchange())).mismatches).toEqual([]);
  };

  return { trader, call, ok, cancel, userStream, limit, tradeAt, released };
}
