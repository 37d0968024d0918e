import ccxt from 'ccxt';
import Decimal from 'decimal.js';

import { ccxtBinance, type CcxtCredentials } from '../../support/ccxt-client';
import { pricesInsideSpread, tradeOnBook } from '../../support/book-trades';
import { createApiKey } from '../../support/binance-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { balanceOf } from '../../support/trading-fixtures';
import { fundedTrader } from '../../support/trader-fixtures';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';

/** CCXT's binance class, unchanged but for its host, trading here: markets, market data, orders, fills, errors. */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED_SEED: '55' });
});
afterAll(() => server.close());

const SYMBOL = 'BNB/USDT';

const binance = (credentials: CcxtCredentials = {}) => ccxtBinance(server.url, credentials);

/** A KYC-approved trader holding `balances`, and CCXT signed in with a key of theirs that may trade. */
async function trading(balances: Record<string, string>) {
  const trader = await fundedTrader(server, balances, 'CCXT Trader');
  const key = await createApiKey(trader.client);
  const exchange = binance({ apiKey: key.api_key, secret: key.secret });
  await exchange.loadMarkets();
  return { exchange, userId: trader.user.id };
}

describe('public data', () => {
  it('loads every book market with its precision and limits', async () => {
    const exchange = binance();
    const markets = await exchange.loadMarkets();
    expect(Object.keys(markets).sort()).toEqual(OPENING_BOOK_MARKETS.map((m) => `${m.base}/USDT`).sort());
    expect(markets['BTC/USDT']).toMatchObject({
      id: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      spot: true,
      active: true,
      precision: { price: 0.01, amount: 0.00001 },
      limits: { amount: { min: 0.00001 }, price: { min: 0.01 }, cost: { min: 5 } },
    });
    const time = await exchange.fetchTime();
    expect(Math.abs(time! - Date.now())).toBeLessThan(5_000);
  });

  it('fetches tickers, trades and candles of real trades', async () => {
    const [price] = await pricesInsideSpread(server, 'BNBUSDT', 1);
    await tradeOnBook(server, { symbol: 'BNBUSDT', base: 'BNB', price: price!, amount: '0.5' });
    const exchange = binance();
    await exchange.loadMarkets();

    const ticker = await exchange.fetchTicker(SYMBOL);
    expect(ticker).toMatchObject({ symbol: SYMBOL, last: Number(price) });
    expect(ticker.baseVolume).toBeGreaterThanOrEqual(0.5);
    const tickers = await exchange.fetchTickers([SYMBOL, 'BTC/USDT']);
    expect(Object.keys(tickers).sort()).toEqual(['BNB/USDT', 'BTC/USDT']);

    const trades = await exchange.fetchTrades(SYMBOL, undefined, 1);
    expect(trades).toEqual([
      expect.objectContaining({
        symbol: SYMBOL,
        price: Number(price),
        amount: 0.5,
        side: 'buy',
        cost: Number(price) * 0.5,
      }),
    ]);
    const bidder = await fundedTrader(server, { USD: '1000' });
    const [bid] = await pricesInsideSpread(server, 'BNBUSDT', 1);
    const resting = await bidder.client.post('/trading/order', {
      symbol: 'BNBUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.3',
      price: bid,
    });
    const book = await exchange.fetchOrderBook(SYMBOL, 5);
    expect(book.bids[0]).toEqual([Number(bid), 0.3]);
    expect(book.nonce).toEqual(expect.any(Number));
    await bidder.client.delete('/trading/order', { order_id: resting.body.id });

    // The trade's own minute: the latest candle may already be the next, empty minute.
    const tradeMinute = Math.floor(trades[0]!.timestamp! / 60_000) * 60_000;
    const [candle] = await exchange.fetchOHLCV(SYMBOL, '1m', tradeMinute, 1);
    expect(candle![4]).toBe(Number(price));
    expect(candle![5]).toBeGreaterThanOrEqual(0.5);
  });
});

describe('trading', () => {
  it('places a limit order, finds it open and by id, and cancels it', async () => {
    const { exchange, userId } = await trading({ USD: '1000' });
    const [price] = await pricesInsideSpread(server, 'BNBUSDT', 1);
    const order = await exchange.createOrder(SYMBOL, 'limit', 'buy', 0.1, Number(price));
    expect(order).toMatchObject({ symbol: SYMBOL, type: 'limit', side: 'buy', status: 'open', amount: 0.1, filled: 0 });
    expect(order.price).toBe(Number(price));
    expect((await exchange.fetchOpenOrders(SYMBOL)).map((o) => o.id)).toEqual([order.id]);
    expect(await exchange.fetchOrder(order.id!, SYMBOL)).toMatchObject({ id: order.id, status: 'open' });
    const canceled = await exchange.cancelOrder(order.id!, SYMBOL);
    expect(canceled).toMatchObject({ id: order.id, status: 'canceled' });
    expect(await exchange.fetchOpenOrders(SYMBOL)).toEqual([]);
    expect(await balanceOf(server, userId, 'USD')).toEqual({ available: '1000', locked: '0' });
  });

  it('buys at market by amount and by cost, and fetches its fills', async () => {
    const [low, high] = await pricesInsideSpread(server, 'BNBUSDT', 2);
    const seller = await trading({ BNB: '5' });
    await seller.exchange.createOrder(SYMBOL, 'limit', 'sell', 0.2, Number(low));
    await seller.exchange.createOrder(SYMBOL, 'limit', 'sell', 0.2, Number(high));
    const { exchange } = await trading({ USD: '1000' });

    const byAmount = await exchange.createOrder(SYMBOL, 'market', 'buy', 0.2);
    expect(byAmount).toMatchObject({ status: 'closed', filled: 0.2, average: Number(low) });
    // CCXT sends the cost in whole cents; what is left of it after 0.1 BNB buys no more lot.
    const value = new Decimal(high!).times('0.1');
    const byCost = await exchange.createMarketBuyOrderWithCost(
      SYMBOL,
      value.toDecimalPlaces(2, Decimal.ROUND_UP).toNumber(),
    );
    expect(byCost).toMatchObject({ status: 'closed', filled: 0.1, cost: value.toNumber() });

    const fills = await exchange.fetchMyTrades(SYMBOL);
    expect(fills.map((f) => [f.order, f.side, f.price, f.amount, f.takerOrMaker])).toEqual([
      [byAmount.id, 'buy', Number(low), 0.2, 'taker'],
      [byCost.id, 'buy', Number(high), 0.1, 'taker'],
    ]);
    expect(fills[0]!.fee).toMatchObject({ currency: 'USDT' });
    await seller.exchange.cancelAllOrders(SYMBOL);
  });

  it("raises CCXT's errors: InsufficientFunds, InvalidOrder, OrderNotFound, BadSymbol", async () => {
    const { exchange } = await trading({ USD: '10' });
    const [price, above] = await pricesInsideSpread(server, 'BNBUSDT', 2);
    const seller = await trading({ BNB: '1' });
    const ask = await seller.exchange.createOrder(SYMBOL, 'limit', 'sell', 0.01, Number(above));
    await expect(exchange.createOrder(SYMBOL, 'limit', 'buy', 1, Number(price))).rejects.toThrow(
      ccxt.InsufficientFunds,
    );
    // A post-only buy at the ask would take: Binance's -2010, which CCXT calls OrderImmediatelyFillable.
    const postOnly = exchange.createOrder(SYMBOL, 'limit', 'buy', 0.01, Number(above), { postOnly: true });
    await expect(postOnly).rejects.toThrow(ccxt.OrderImmediatelyFillable);
    await expect(postOnly).rejects.toThrow(ccxt.InvalidOrder);
    // Worth less than the 5 USDT minimum: Binance's -1013 filter failure, which CCXT calls BadRequest.
    const tooSmall = exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, Number(price));
    await expect(tooSmall).rejects.toThrow(ccxt.BadRequest);
    await expect(tooSmall).rejects.toThrow(/Filter failure: NOTIONAL/);
    await expect(exchange.fetchOrder('987654321', SYMBOL)).rejects.toThrow(ccxt.OrderNotFound);
    await expect(exchange.cancelOrder('987654321', SYMBOL)).rejects.toThrow(ccxt.OrderNotFound);
    // A symbol this exchange does not list, asked of the server itself.
    await expect(exchange.publicGetTicker24hr({ symbol: 'DOGEUSDT' })).rejects.toThrow(ccxt.BadSymbol);
    await seller.exchange.cancelOrder(ask.id!, SYMBOL);
  });
});
