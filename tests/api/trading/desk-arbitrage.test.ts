import fc from 'fast-check';
import { ConfigError, loadConfig } from '../../../server/platform/config/config';
import { deskPrices } from '../../../server/trading/market-data/desk-prices';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { availableBalance } from '../../../server/ledger/ledger';
import { money, type Money } from '../../../server/kernel/money';
import { ladderShape, quoteLadder } from '../../../server/trading/liquidity/quote-ladder';

import { eventually } from '../../support/eventually';
import { ApiClient } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { OPENING_BOOK_MARKETS, OPENING_INSTRUMENTS } from '../../support/opening-catalog';

type Trader = Awaited<ReturnType<typeof fundedTrader>>;
type Side = 'buy' | 'sell';

interface Quote {
  symbol: string;
  price: number;
  bid: number;
  ask: number;
}

async function quoteOf(server: TestExchange, symbol: string): Promise<Quote> {
  const quotes: Quote[] = (await new ApiClient(server.url).get('/market/quotes')).body;
  return quotes.find((q) => q.symbol === symbol)!;
}

/** A trade on the simple screen as the client makes it: at the price of the side it takes from the quote. */
async function deskTrade(server: TestExchange, trader: Trader, symbol: string, side: Side, amount: string) {
  const quote = await quoteOf(server, symbol);
  const seen = String(side === 'buy' ? quote.ask : quote.bid);
  const params = new URLSearchParams({ symbol, trade_type: side, amount, price: seen });
  const response = await trader.client.post(`/trade?${params}`);
  if (response.status !== 200) throw new Error(`desk ${side} refused: ${JSON.stringify(response.body)}`);
  return response.body as { price: number; total: number };
}

const balance = (server: TestExchange, trader: Trader, asset: string): Promise<Money> =>
  availableBalance(server.exchange.context.dataSource.manager, trader.user.id, asset);

describe("the desk's prices", () => {
  const instrument = fc.constantFrom(...OPENING_INSTRUMENTS);
  /** A price as a whole number of ticks: every price of the venue is on its tick. */
  const ticks = fc.integer({ min: 1, max: 1_000_000_000 });

  it('ask >= max(reference x (1 + half spread), best ask) and bid <= min(reference x (1 - half spread), best bid), no wider than the tick; no bid below a tick', () => {
    fc.assert(
      fc.property(
        instrument,
        ticks,
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(ticks, { nil: undefined }),
        fc.option(ticks, { nil: undefined }),
        ({ tickSize }, referenceTicks, spreadPpm, bidTicks, askTicks) => {
          const tick = money(tickSize);
          const reference = tick.times(referenceTicks);
          const spread = money(spreadPpm).div(1_000_000);
          const half = spread.div(2);
          // Any uncrossed book, either side possibly empty: with bids, the best ask is that many ticks above them.
          const bestBid = bidTicks === undefined ? undefined : tick.times(bidTicks);
          const bestAsk = askTicks === undefined ? undefined : tick.times(askTicks + (bidTicks ?? 0));
          const { bid, ask } = deskPrices(reference, tickSize, spread, { bestBid, bestAsk });

          const book = [bestBid, bestAsk].filter((price): price is Money => price !== undefined);
          // On a one-sided book the side there is bounds both prices: the desk is never the better side of a book trade.
          const askFloor = [reference.times(half.plus(1)), ...book].reduce((a, b) => (a.greaterThan(b) ? a : b));
          const bidCeiling = [reference.times(money(1).minus(half)), ...book].reduce((a, b) => (a.lessThan(b) ? a : b));
          expect(ask.greaterThanOrEqualTo(askFloor)).toBe(true);
          expect(ask.lessThan(askFloor.plus(tick))).toBe(true);
          expect(ask.mod(tick).isZero()).toBe(true);
          // Below one tick the bid would round to 0: the desk has none, and never bids 0.
          expect(bid === null).toBe(bidCeiling.lessThan(tick));
          if (bid === null) return;
          expect(bid.lessThanOrEqualTo(bidCeiling)).toBe(true);
          expect(bid.greaterThan(bidCeiling.minus(tick))).toBe(true);
          expect(bid.greaterThan(0) && bid.mod(tick).isZero()).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('are 0.2% wide by default; DESK_SPREAD sets the width, a fraction from 0 to 0.1', () => {
    expect(loadConfig({}).DESK_SPREAD).toBe('0.002');
    expect(loadConfig({ DESK_SPREAD: '0.01' }).DESK_SPREAD).toBe('0.01');
    for (const wrong of ['0.2', '1', '-0.001', '2%', '0.0000001', 'abc']) {
      expect(() => loadConfig({ DESK_SPREAD: wrong })).toThrow(ConfigError);
      expect(() => loadConfig({ DESK_SPREAD: wrong })).toThrow(/DESK_SPREAD/);
    }
  });
});

describe('the desk with the reference feed off (prices hold still)', () => {
  let server: TestExchange;
  beforeAll(async () => {
    server = await startTestExchange({ MARKET_FEED: 'off' });
  });
  afterAll(() => server.close());

  it('quotes forex 0.2% wide around the reference, rounded to the tick away from it', async () => {
    expect(await quoteOf(server, 'EURUSD')).toMatchObject({ price: 1.08, bid: 1.0789, ask: 1.0811 });
    expect(await quoteOf(server, 'USDJPY')).toMatchObject({ price: 148.5, bid: 148.351, ask: 148.649 });
  });

  it('fills a buy at the ask and a sell at the bid exactly, the ledger moving amount x price', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const bought = await deskTrade(server, trader, 'EURUSD', 'buy', '100');
    expect(bought).toMatchObject({ price: 1.0811, total: 108.11 });
    expect((await balance(server, trader, 'USD')).toFixed()).toBe('891.89');
    const sold = await deskTrade(server, trader, 'EURUSD', 'sell', '100');
    expect(sold).toMatchObject({ price: 1.0789, total: 107.89 });
    // The round trip cost the spread: 100 x (1.0811 - 1.0789).
    expect((await balance(server, trader, 'USD')).toFixed()).toBe('999.78');
    expect((await balance(server, trader, 'EUR')).toFixed()).toBe('0');
  });

  it("quotes a book market no better than the book's best prices, and fills at that quote", async () => {
    const trader = await fundedTrader(server, { USD: '10000' });
    const quote = await quoteOf(server, 'ETHUSDT');
    const depth = (await new ApiClient(server.url).get('/market/depth?symbol=ETHUSDT&limit=1')).body;
    expect(quote.ask).toBeGreaterThanOrEqual(quote.price * 1.001 - 1e-9);
    expect(quote.bid).toBeLessThanOrEqual(quote.price * 0.999 + 1e-9);
    if (depth.asks[0]) expect(quote.ask).toBeGreaterThanOrEqual(depth.asks[0][0]);
    if (depth.bids[0]) expect(quote.bid).toBeLessThanOrEqual(depth.bids[0][0]);
    const bought = await deskTrade(server, trader, 'ETHUSDT', 'buy', '0.1');
    expect(bought.price).toBe(quote.ask);
    expect(
      money(10000)
        .minus(await balance(server, trader, 'USD'))
        .toFixed(),
    ).toBe(money(quote.ask).times('0.1').toFixed());
  });
});

/**
 * The finding: the book's quotes rest around an older reference (the market maker requotes every
 * few seconds), the desk traded at the newest one, and buying on one to sell on the other earned
 * money at no risk. Here a trader rests the market maker's ladder on BTCUSDT and nobody requotes it;
 * fees are zero so the desk's prices alone must make every such round trip lose.
 */
describe('arbitrage between the desk and a book quoted around an older reference', () => {
  jest.setTimeout(60_000);
  const market = OPENING_BOOK_MARKETS.find((m) => m.symbol === 'BTCUSDT')!;
  const AMOUNT = '0.01';
  /** Past the ladder's half-spread (under 0.02%): the book's best quote is now on the wrong side of the reference. */
  const MOVE = 0.0006;
  let server: TestExchange;
  let ladder: Trader;

  /** Other test files leave orders on the shared test database's books: cancelled, so the ladder is the book. */
  async function clearBook() {
    const open: Array<{ id: string; user_id: string }> = await server.exchange.context.dataSource.query(
      `SELECT id, user_id FROM orders WHERE symbol = $1 AND status IN ('new', 'partially_filled', 'waiting')`,
      [market.symbol],
    );
    for (const order of open) await server.exchange.trading.cancelOrder(order.user_id, order.id);
  }

  const bookTop = async () => {
    const depth = (await new ApiClient(server.url).get(`/market/depth?symbol=${market.symbol}&limit=1`)).body;
    return { bestBid: depth.bids[0][0] as number, bestAsk: depth.asks[0][0] as number };
  };

  /** An order that takes the book's best price on `side` at once, as an arbitrageur would. */
  async function bookTrade(trader: Trader, side: Side) {
    const { bestBid, bestAsk } = await bookTop();
    const price = side === 'buy' ? bestAsk : bestBid;
    const order = { symbol: market.symbol, side, type: 'limit', price, amount: AMOUNT, time_in_force: 'IOC' };
    const response = await trader.client.post('/trading/order', order);
    expect(response.body).toMatchObject({ status: 'filled' });
  }

  /** The trader's USD gained over `steps`, which must leave their BTC where it was. */
  async function usdGained(trader: Trader, steps: () => Promise<void>): Promise<Money> {
    const before = await holdings(trader);
    await steps();
    return usdGainedSince(trader, before);
  }

  const holdings = async (trader: Trader) => ({
    usd: await balance(server, trader, 'USD'),
    btc: await balance(server, trader, 'BTC'),
  });

  async function usdGainedSince(trader: Trader, before: { usd: Money; btc: Money }): Promise<Money> {
    const after = await holdings(trader);
    expect(after.btc.toFixed()).toBe(before.btc.toFixed());
    return after.usd.minus(before.usd);
  }

  /** Waits for the simulated feed's next ticks until the reference moved past `relativeMove` from `from`. */
  const referenceMoved = (from: number, relativeMove: number) =>
    eventually(
      async () => {
        const { price } = await quoteOf(server, market.symbol);
        return Math.abs(price - from) / from > relativeMove ? price : undefined;
      },
      30_000,
      `a reference move past ${relativeMove}`,
    );

  beforeAll(async () => {
    server = await startTestExchange({ MARKET_FEED_SEED: '41', MAKER_FEE_RATE: '0', TAKER_FEE_RATE: '0' });
    await clearBook();
    ladder = await fundedTrader(server, { USD: '2000000', BTC: '10' }, 'Ladder');
    const reference = money((await quoteOf(server, market.symbol)).price);
    // 400 times AMOUNT's worth a side: the best level holds AMOUNT whatever its size draw, wherever the
    // reference starts (it goes on from the last trade other test files made).
    const depth = reference.times(AMOUNT).times(400);
    for (const quote of quoteLadder(market, reference, ladderShape(depth))) {
      const order = { symbol: market.symbol, type: 'limit', post_only: true, ...quote };
      expect((await ladder.client.post('/trading/order', order)).status).toBe(200);
    }
    await referenceMoved(reference.toNumber(), MOVE);
  });

  afterAll(async () => {
    await clearBook();
    await server.close();
  });

  it("buying on the desk and selling into the book's best bid loses", async () => {
    const trader = await fundedTrader(server, { USD: '5000' });
    const gained = await usdGained(trader, async () => {
      await deskTrade(server, trader, market.symbol, 'buy', AMOUNT);
      await bookTrade(trader, 'sell');
    });
    expect(gained.isNegative()).toBe(true);
  });

  it("buying at the book's best ask and selling to the desk loses", async () => {
    const trader = await fundedTrader(server, { USD: '5000' });
    const gained = await usdGained(trader, async () => {
      await bookTrade(trader, 'buy');
      await deskTrade(server, trader, market.symbol, 'sell', AMOUNT);
    });
    expect(gained.isNegative()).toBe(true);
  });

  it('a round trip on the desk loses, buying then selling or selling then buying', async () => {
    const trader = await fundedTrader(server, { USD: '5000', BTC: AMOUNT });
    for (const [first, second] of [
      ['buy', 'sell'],
      ['sell', 'buy'],
    ] as const) {
      const gained = await usdGained(trader, async () => {
        await deskTrade(server, trader, market.symbol, first, AMOUNT);
        await deskTrade(server, trader, market.symbol, second, AMOUNT);
      });
      expect(gained.isNegative()).toBe(true);
    }
  });

  it('a round trip on the desk loses even when the reference moves its way between the legs', async () => {
    // One trader buys and one sells; after the move, whichever way it went, one of them closes in its favour.
    const buyer = await fundedTrader(server, { USD: '5000' });
    const seller = await fundedTrader(server, { USD: '5000', BTC: AMOUNT });
    const before = { buyer: await holdings(buyer), seller: await holdings(seller) };
    const { price } = await quoteOf(server, market.symbol);
    await deskTrade(server, buyer, market.symbol, 'buy', AMOUNT);
    await deskTrade(server, seller, market.symbol, 'sell', AMOUNT);
    await referenceMoved(price, 0);
    await deskTrade(server, buyer, market.symbol, 'sell', AMOUNT);
    await deskTrade(server, seller, market.symbol, 'buy', AMOUNT);
    expect((await usdGainedSince(buyer, before.buyer)).isNegative()).toBe(true);
    expect((await usdGainedSince(seller, before.seller)).isNegative()).toBe(true);
  });

  it('leaves every account equal to its ledger', async () => {
    const check = await checkLedger(server.exchange.context.dataSource.manager);
    expect(check.mismatches).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
