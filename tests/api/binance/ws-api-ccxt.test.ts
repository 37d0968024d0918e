import Decimal from 'decimal.js';
import ccxt from 'ccxt';
import { ccxtProBinance } from '../../support/ccxt-client';
import { createApiKey, signedCall } from '../../support/binance-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * ccxt.pro's binance class, unchanged but for its URLs, trading over the WebSocket API
 * (urls.api.ws['ws-api'].spot): createOrderWs, fetchOrderWs, fetchOpenOrdersWs, cancelOrderWs,
 * fetchBalanceWs and fetchOHLCVWs, each request signed on its own as CCXT signs them.
 */
jest.setTimeout(60_000);

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '99' });
});
afterAll(() => server.close());

const SYMBOL = 'ADA/USDT';

const proExchange = (apiKey: string, secret: string) => ccxtProBinance(server.url, { apiKey, secret });

it('places, reads and cancels an order and reads the balance over the WebSocket API', async () => {
  const trader = await fundedTrader(server, { USD: '1000' }, 'CCXT WS API Trader');
  const key = await createApiKey(trader.client);
  const exchange = await proExchange(key.api_key, key.secret);
  try {
    // Half the best bid: it rests, whatever spread other test files left on the shared book.
    const depth: any = await (await fetch(`${server.url}/api/v3/depth?symbol=ADAUSDT&limit=1`)).json();
    const price = new Decimal(depth.bids[0]?.[0] ?? '0.8').div(2).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed();
    // About 20 USDT's worth, well above the 5 USDT minimum at whatever price that is.
    const amount = new Decimal(20).div(price).ceil().toNumber();
    const order = await exchange.createOrderWs(SYMBOL, 'limit', 'buy', amount, Number(price));
    const id = order.id!;
    expect(order).toMatchObject({ symbol: SYMBOL, type: 'limit', side: 'buy', amount, status: 'open' });
    // The REST API knows it: the same core.
    const viaRest = await signedCall(server.url, key, 'GET', '/order', { symbol: 'ADAUSDT', orderId: id });
    expect(viaRest.body).toMatchObject({ orderId: Number(id), status: 'NEW' });

    expect(await exchange.fetchOrderWs(id, SYMBOL)).toMatchObject({ id, status: 'open' });
    const openOrders = await exchange.fetchOpenOrdersWs(SYMBOL);
    expect(openOrders.map((o) => o.id)).toEqual([id]);

    // CCXT 4.5 parses account.status's balances only for a type it is not given here (its
    // handleAccountStatusWs passes none): the answer it received is checked, as GET /account's.
    const balance = await exchange.fetchBalanceWs();
    const account = await signedCall(server.url, key, 'GET', '/account');
    expect(balance.info).toEqual({ ...account.body, updateTime: expect.any(Number) });
    // The order holds its dollars (and their fee).
    const usdt = balance.info.balances.find((b: { asset: string }) => b.asset === 'USDT');
    expect(Number(usdt.locked)).toBeGreaterThanOrEqual(amount * Number(price));

    // klines (CCXT's spot market data over the WebSocket API stops there).
    const candles = await exchange.fetchOHLCVWs(SYMBOL, '1m', undefined, 5);
    expect(candles.every((candle) => candle.length === 6)).toBe(true);

    expect(await exchange.cancelOrderWs(id, SYMBOL)).toMatchObject({ id, status: 'canceled' });
    expect(await exchange.fetchOpenOrdersWs(SYMBOL)).toEqual([]);
    await expect(exchange.cancelOrderWs(id, SYMBOL)).rejects.toThrow(ccxt.OrderNotFound);
  } finally {
    await exchange.close();
  }
});
