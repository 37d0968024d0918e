import { ccxtProBinance } from '../../support/ccxt-client';
import { pricesInsideSpread } from '../../support/book-trades';
import { createApiKey, signedCall } from '../../support/binance-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * ccxt.pro's binance class, unchanged but for its URLs, following a trader's orders and balance
 * here: CCXT 4.5 subscribes to spot user data over the WebSocket API
 * (userDataStream.subscribe.signature at urls.api.ws['ws-api'].spot), not with a listenKey.
 */
jest.setTimeout(60_000);

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '77' });
});
afterAll(() => server.close());

const SYMBOL = 'SOL/USDT';

const proExchange = (apiKey: string, secret: string) => ccxtProBinance(server.url, { apiKey, secret });

/** Watches with `watch` until an update satisfies `done`. */
async function until<T>(watch: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await watch();
    if (done(value)) return value;
  }
}

it('watchOrders and watchBalance see an order placed with createOrder, then filled, and the balance moving', async () => {
  const trader = await fundedTrader(server, { USD: '1000' }, 'CCXT Pro Trader');
  const key = await createApiKey(trader.client);
  const exchange = await proExchange(key.api_key, key.secret);
  try {
    const [price] = await pricesInsideSpread(server, 'SOLUSDT', 1);
    // The subscription confirmed before the order goes in: an update sent before the server took
    // it reaches no one (watchOrders alone subscribes while the order is being placed). The watches
    // below then wait for updates only.
    await exchange.ensureUserDataStreamWsSubscribeSignature('spot');
    const firstOrders = exchange.watchOrders(SYMBOL);
    const order = await exchange.createOrder(SYMBOL, 'limit', 'buy', 0.5, Number(price));
    const [seen] = await firstOrders;
    expect(seen).toMatchObject({
      id: order.id,
      clientOrderId: order.clientOrderId,
      symbol: SYMBOL,
      type: 'limit',
      side: 'buy',
      price: Number(price),
      amount: 0.5,
      filled: 0,
      status: 'open',
    });

    const filled = until(
      () => exchange.watchOrders(SYMBOL),
      (orders) => orders.some((o) => o.id === order.id && o.status === 'closed'),
    );
    const moved = until(
      () => exchange.watchBalance(),
      (balance) => (balance.SOL as { free?: number } | undefined)?.free === 0.5,
    );
    const seller = await fundedTrader(server, { SOL: '0.5' }, 'Seller');
    const sellerKey = await createApiKey(seller.client);
    const sold = await signedCall(server.url, sellerKey, 'POST', '/order', {
      symbol: 'SOLUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '0.5',
    });
    expect(sold.status).toBe(200);

    const closed = (await filled).find((o) => o.id === order.id)!;
    const [fill] = await exchange.fetchMyTrades(SYMBOL);
    expect(closed).toMatchObject({ status: 'closed', filled: 0.5, remaining: 0, average: Number(price) });
    expect(closed.fee).toEqual({ cost: fill!.fee!.cost, currency: 'USDT' });
    const balance = await moved;
    const account = await exchange.fetchBalance();
    expect(balance.SOL).toMatchObject({ free: 0.5, used: 0 });
    expect(balance.USDT).toMatchObject({ free: account.USDT!.free, used: 0 });
    expect(balance.USDT!.free).toBeLessThan(1000 - 0.5 * Number(price));
  } finally {
    await exchange.close();
  }
});
