import { ensureSystemTrader } from '../../../server/trading/liquidity/system-trader';
import { liquidMarkets } from '../../../server/trading/liquidity/liquid-markets';
import { MAKER } from '../../../server/trading/liquidity/liquidity.module';
import { MarketMaker } from '../../../server/trading/liquidity/market-maker';
import { createLogger } from '../../../server/platform/logger/logger';
import { MARKETS_CHANGED } from '../../../server/markets/catalog-sync';
import { ReferencePrices } from '../../../server/markets/reference-prices/reference-prices.service';
import { binanceCall, keyedTrader, signedCall } from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, loginAs } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { OPENING_BOOK_MARKETS, OPENING_FOREX_PAIRS } from '../../support/opening-catalog';
import { startTestExchange, type TestExchange, onPostgres as ownDatabase } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { ledgerReport, placed, placeOrder } from '../../support/trading-fixtures';

/**
 * Listing a market and halting one change what every later test file sees: these run on a database
 * of their own, which needs PostgreSQL (the embedded database has one).
 */
jest.setTimeout(120_000);

const DOGE = {
  symbol: 'DOGEUSDT',
  base_asset: 'DOGE',
  tick_size: '0.00001',
  lot_size: '1',
  min_notional: '1',
  reference_price: '0.25',
};

(ownDatabase ? describe : describe.skip)('markets as data, administered', () => {
  let database: FreshDatabase;
  let server: TestExchange;
  let admin: ApiClient;
  let anonymous: ApiClient;

  const patch = (symbol: string, body: unknown) => admin.request('PATCH', `/admin/markets/${symbol}`, { body });
  const auditOf = async (action: string) =>
    (await server.exchange.context.dataSource.query(
      `SELECT a.action, a.notes FROM audit_log a JOIN markets m ON m.id = a.target_id
        WHERE a.target_type = 'market' AND a.action = $1 ORDER BY a.created_at`,
      [action],
    )) as Array<{ action: string; notes: string }>;

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'markets_admin');
    server = await startTestExchange({ DATABASE_URL: database.url, MAKER_FEE_RATE: '0.001', TAKER_FEE_RATE: '0.002' });
    anonymous = new ApiClient(server.url);
    admin = await loginAs(anonymous, server.admin.email, server.admin.password);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('lists the opening markets, with the venue default fees, to administrators only', async () => {
    const response = await admin.get('/admin/markets');
    expect(response.status).toBe(200);
    expect(response.body.map((m: any) => m.symbol)).toEqual([
      ...OPENING_BOOK_MARKETS.map((m) => m.symbol),
      ...OPENING_FOREX_PAIRS.map((p) => p.symbol),
    ]);
    expect(response.body[0]).toMatchObject({
      symbol: 'BTCUSDT',
      kind: 'book',
      base_asset: 'BTC',
      tick_size: '0.01',
      lot_size: '0.00001',
      min_notional: '5',
      reference_price: '110000',
      status: 'trading',
      maker_fee_rate: '0.001',
      taker_fee_rate: '0.002',
      default_fees: true,
    });
    const trader = await fundedTrader(server, {});
    expect((await trader.client.get('/admin/markets')).status).toBe(403);
    expect((await anonymous.get('/admin/markets')).status).toBe(401);
    expect((await trader.client.post('/admin/markets', DOGE)).status).toBe(403);
    expect(
      (await trader.client.request('PATCH', '/admin/markets/BTCUSDT', { body: { status: 'halted' } })).status,
    ).toBe(403);
  });

  it.each([
    [{ ...DOGE, symbol: 'DOGEUSD' }, 400, 'symbol: must be the base asset followed by USDT, in capitals'],
    [{ ...DOGE, symbol: 'SHIBUSDT' }, 400, 'The symbol must be the base asset followed by USDT'],
    [{ ...DOGE, tick_size: '0' }, 400, 'tick_size: must be above zero'],
    [{ ...DOGE, lot_size: '-1' }, 400, 'lot_size: must be a decimal string'],
    [
      { ...DOGE, tick_size: '0.0000000001', lot_size: '0.000000001' },
      400,
      'The tick size and the lot size may have at most 18 decimals between them',
    ],
    [{ ...DOGE, reference_price: '0.250001' }, 400, 'The reference price must be a multiple of the tick size'],
    // 20 ticks: the market maker's ladder of 24 bids would reach 0.
    [
      { ...DOGE, reference_price: '0.0002' },
      400,
      'The market maker could not quote this market: its deepest bids would round to 0 at the tick',
    ],
    // One lot worth $25 million: more than any level of the ladder the maker's share affords it.
    [
      { ...DOGE, lot_size: '100000000' },
      400,
      'The market maker could not quote this market: a side of its ladder would be empty: one lot, or the minimum order value, is worth more than a level holds',
    ],
    // Lots worth $10, but prices of 10^19 ticks, past what a book counts: no quote would be taken.
    [
      {
        ...DOGE,
        tick_size: '1',
        lot_size: '0.000000000000000001',
        min_notional: '0',
        reference_price: '10000000000000000000',
      },
      400,
      'The market maker could not quote this market: a side of its ladder would be empty: one lot, or the minimum order value, is worth more than a level holds',
    ],
    [{ ...DOGE, symbol: 'BTCUSDT', base_asset: 'BTC' }, 409, 'Market already listed'],
    [{ ...DOGE, symbol: 'USDUSDT', base_asset: 'USD' }, 409, 'Another market already trades this asset'],
    [{ ...DOGE, symbol: 'USDTUSDT', base_asset: 'USDT' }, 409, 'Another market already trades this asset'],
    [{ ...DOGE, symbol: 'EURUSDT', base_asset: 'EUR' }, 409, 'Another market already trades this asset'],
  ])('refuses to list %j (%i)', async (body, status, detail) => {
    const response = await admin.post('/admin/markets', body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
  });

  it('lists a new USDT pair that trades end to end within a second, in every public list, audited', async () => {
    const seller = await fundedTrader(server, { DOGE: '1000' });
    const buyer = await keyedTrader(server, { USD: '1000' });

    const listed = await admin.post('/admin/markets', DOGE);
    expect(listed.status).toBe(201);
    expect(listed.body).toMatchObject({ ...DOGE, kind: 'book', name: 'DOGE', status: 'trading', default_fees: true });

    // Its book serves at once: a resting sell, then a buy through the Binance-compatible API that takes it.
    const sell = await eventually(async () => {
      const response = await placeOrder(seller.client, {
        symbol: 'DOGEUSDT',
        side: 'sell',
        type: 'limit',
        amount: '100',
        price: '0.25',
      });
      return response.status === 200 ? response.body : undefined;
    }, 1000);
    const buy = await signedCall(server.url, buyer.key, 'POST', '/order', {
      symbol: 'DOGEUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '100',
      price: '0.25',
    });
    expect(buy.body.status).toBe('FILLED');
    expect((await seller.client.get(`/trading/orders/open?symbol=DOGEUSDT`)).body).toEqual([]);
    expect(sell.status).toBe('new');

    // Every public list has it: the catalog, tickers, quotes, exchangeInfo; the balances hold its asset.
    const catalog = (await anonymous.get('/markets')).body;
    expect(catalog.markets.at(-1)).toMatchObject({
      symbol: 'DOGEUSDT',
      display: 'DOGE/USDT',
      base: 'DOGE',
      status: 'trading',
    });
    const tickers = (await anonymous.get('/market/tickers')).body as any[];
    expect(tickers.find((t) => t.symbol === 'DOGEUSDT')).toMatchObject({ last_price: 0.25 });
    const quotes = (await anonymous.get('/market/quotes')).body as any[];
    expect(quotes.map((q) => q.symbol)).toContain('DOGEUSDT');
    const info = (await binanceCall(server.url, 'GET', '/exchangeInfo', { query: 'symbol=DOGEUSDT' })).body;
    expect(info.symbols[0]).toMatchObject({ symbol: 'DOGEUSDT', status: 'TRADING', baseAsset: 'DOGE' });
    const account = await signedCall(server.url, buyer.key, 'GET', '/account');
    expect(account.body.balances.find((b: any) => b.asset === 'DOGE')).toEqual({
      asset: 'DOGE',
      free: '100.00000000',
      locked: '0.00000000',
    });
    const assets = (await seller.client.get('/user/assets')).body as any[];
    expect(assets.find((a) => a.asset === 'DOGE')).toMatchObject({ available: 900, locked: 0 });
    expect((await ledgerReport(server)).ok).toBe(true);

    expect(await auditOf('market.list')).toEqual([{ action: 'market.list', notes: 'listed DOGEUSDT' }]);
    expect((await admin.post('/admin/markets', DOGE)).status).toBe(409);
  });

  it('a halted or cancel-only market refuses new orders (web and /api/v3) and takes cancels; resumed, it trades', async () => {
    const trader = await keyedTrader(server, { USD: '1000' });
    const resting = await placed(trader.client, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      amount: '0.01',
      price: '3000',
    });
    const order = { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '3000' };
    const binanceOrder = {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.01',
      price: '3000',
    };

    for (const [status, detail, binanceStatus] of [
      ['halted', 'Market is halted', 'HALT'],
      ['cancel_only', 'Market is in cancel-only mode', 'BREAK'],
    ] as const) {
      const changed = await patch('ETHUSDT', { status });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ symbol: 'ETHUSDT', status });
      expect(await placeOrder(trader.client, order)).toEqual({ status: 409, body: { detail } });
      const refused = await signedCall(server.url, trader.key, 'POST', '/order', binanceOrder);
      expect(refused).toMatchObject({ status: 400, body: { code: -2010, msg: 'Market is closed.' } });
      const tested = await signedCall(server.url, trader.key, 'POST', '/order/test', binanceOrder);
      expect(tested).toMatchObject({ status: 400, body: { code: -2010, msg: 'Market is closed.' } });
      const info = (await binanceCall(server.url, 'GET', '/exchangeInfo', { query: 'symbol=ETHUSDT' })).body;
      expect(info.symbols[0].status).toBe(binanceStatus);
      const catalog = (await anonymous.get('/markets')).body;
      expect(catalog.markets.find((m: any) => m.symbol === 'ETHUSDT').status).toBe(status);
    }

    // Cancels still go through, on the web and on /api/v3.
    const canceled = await trader.client.delete(`/trading/order?order_id=${resting.id}`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    const another = await signedCall(server.url, trader.key, 'POST', '/order', {
      ...binanceOrder,
      symbol: 'BNBUSDT',
      price: '600',
    });
    await patch('BNBUSDT', { status: 'halted' });
    const binanceCancel = await signedCall(server.url, trader.key, 'DELETE', '/order', {
      symbol: 'BNBUSDT',
      orderId: another.body.orderId,
    });
    expect(binanceCancel.status).toBe(200);
    expect(binanceCancel.body.status).toBe('CANCELED');

    await patch('ETHUSDT', { status: 'trading' });
    await patch('BNBUSDT', { status: 'trading' });
    expect((await placeOrder(trader.client, order)).status).toBe(200);
    expect((await auditOf('market.update')).map((entry) => entry.notes)).toEqual([
      'status: trading -> halted',
      'status: halted -> cancel_only',
      'status: trading -> halted',
      'status: cancel_only -> trading',
      'status: halted -> trading',
    ]);
  });

  it("tells the market's room of each status change as it is made, and no other room", async () => {
    const [watching, elsewhere] = await Promise.all([
      RecordingSocket.connect(server.url),
      RecordingSocket.connect(server.url),
    ]);
    try {
      await watching.subscribe('XRPUSDT');
      await elsewhere.subscribe('ADAUSDT');
      for (const status of ['halted', 'cancel_only', 'trading'] as const) {
        expect((await patch('XRPUSDT', { status })).status).toBe(200);
        // Well within the client's catalog refresh: only a push arrives this soon.
        expect(await watching.next('market', (market) => market.status === status, 2000)).toEqual({
          symbol: 'XRPUSDT',
          display: 'XRP/USDT',
          name: 'XRP',
          base: 'XRP',
          quote: 'USD',
          tick_size: '0.0001',
          lot_size: '0.1',
          min_notional: '5',
          seed_price: '2.5',
          status,
        });
      }
      expect((await patch('ADAUSDT', { status: 'halted' })).status).toBe(200);
      await elsewhere.next('market', (market) => market.symbol === 'ADAUSDT', 2000);
      expect((await patch('ADAUSDT', { status: 'trading' })).status).toBe(200);
      expect(watching.events.filter((e) => e.event === 'market').map((e) => e.data.status)).toEqual([
        'halted',
        'cancel_only',
        'trading',
      ]);
      expect(elsewhere.events.filter((e) => e.event === 'market').map((e) => e.data.symbol)).not.toContain('XRPUSDT');
    } finally {
      watching.close();
      elsewhere.close();
    }
  });

  it("charges a market's own fee rates from the orders placed after they are set", async () => {
    // Above the rates of the tier at 0 (this venue's defaults, 0.001 and 0.002): a market's own rate is the floor of a tier's.
    const changed = await patch('SOLUSDT', { maker_fee_rate: '0.0015', taker_fee_rate: '0.004' });
    expect(changed.body).toMatchObject({ maker_fee_rate: '0.0015', taker_fee_rate: '0.004', default_fees: false });
    const maker = await fundedTrader(server, { SOL: '10' });
    const taker = await fundedTrader(server, { USD: '10000' });
    await placed(maker.client, { symbol: 'SOLUSDT', side: 'sell', type: 'limit', amount: '2', price: '150' });
    const taken = await placed(taker.client, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      amount: '2',
      price: '150',
    });
    expect(taken.fills.map((fill: any) => fill.fee)).toEqual([1.2]); // 300 x 0.004
    const [makerFill] = (await maker.client.get('/trading/trades?symbol=SOLUSDT')).body;
    expect(makerFill.fee).toBe(0.45); // 300 x 0.0015
    const commission = await signedCall(server.url, (await keyedTrader(server, {})).key, 'POST', '/order/test', {
      symbol: 'SOLUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '1',
      price: '150',
      computeCommissionRates: 'true',
    });
    expect(commission.body.standardCommissionForOrder).toEqual({ maker: '0.00150000', taker: '0.00400000' });
    expect((await ledgerReport(server)).ok).toBe(true);
  });

  it.each([
    ['NOPEUSDT', { status: 'halted' }, 404, 'Market not found'],
    ['EURUSD', { status: 'halted' }, 404, 'Market not found'],
    ['BTCUSDT', {}, 400, 'Nothing to change'],
    ['BTCUSDT', { status: 'closed' }, 400, 'status: Invalid option: expected one of "trading"|"cancel_only"|"halted"'],
    [
      'BTCUSDT',
      { maker_fee_rate: '1.5' },
      400,
      'maker_fee_rate: must be a decimal between 0 and 1 with at most 6 decimals',
    ],
    [
      'BTCUSDT',
      { taker_fee_rate: '0.0000001' },
      400,
      'taker_fee_rate: must be a decimal between 0 and 1 with at most 6 decimals',
    ],
  ])('refuses to change %s with %j (%i)', async (symbol, body, status, detail) => {
    const response = await patch(symbol, body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ detail });
  });
});

(ownDatabase ? describe : describe.skip)('the market maker and a newly listed market', () => {
  let database: FreshDatabase;
  let server: TestExchange;

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'markets_maker');
    server = await startTestExchange({ DATABASE_URL: database.url, MARKET_MAKER: 'on' });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('quotes both sides of it at once, without a restart, and stops quoting it while it is halted', async () => {
    const admin = await loginAs(new ApiClient(server.url), server.admin.email, server.admin.password);
    expect((await admin.post('/admin/markets', DOGE)).status).toBe(201);
    const [maker] = await server.exchange.context.dataSource.query(
      `SELECT id FROM users WHERE email = 'market-maker@exchange.internal'`,
    );
    // Bids and asks within a few seconds: not its turn among the markets, which could take 12 s.
    const bothSides = () =>
      server.exchange.trading
        .depth('DOGEUSDT', 1)
        .then(({ bids, asks }) => (bids.length > 0 && asks.length > 0 ? { bids, asks } : undefined))
        // Until the listing reaches this process's catalog (through the bus) the symbol is unknown.
        .catch(() => undefined);
    await eventually(bothSides, 4_000, 'bids and asks on DOGEUSDT');
    // Its DOGE came from the outside world through the ledger, which still balances.
    const [funding] = await server.exchange.context.dataSource.query(
      `SELECT reason, reference_type FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
        WHERE a.user_id = $1 AND e.asset = 'DOGE' ORDER BY e.id LIMIT 1`,
      [maker.id],
    );
    expect(funding).toEqual({ reason: 'system_trader_top_up', reference_type: 'system_trader' });
    expect((await ledgerReport(server)).ok).toBe(true);

    expect((await admin.request('PATCH', '/admin/markets/DOGEUSDT', { body: { status: 'halted' } })).status).toBe(200);
    await server.exchange.trading.cancelAllOrdersOnBook('DOGEUSDT', maker.id);
    // A whole round of the maker over every market (4 s) leaves the halted one alone.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(await server.exchange.trading.openOrders(maker.id, 'DOGEUSDT')).toEqual([]);
  });
});

(ownDatabase ? describe : describe.skip)(
  'the market maker beside a market whose one lot is worth more than all the others',
  () => {
    /** Longer than the test: the maker quotes only the markets it is asked to. */
    const TIMER_NEVER_FIRES_MS = 3_600_000;
    let database: FreshDatabase;
    let server: TestExchange;

    beforeAll(async () => {
      database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'markets_gold');
      server = await startTestExchange({ DATABASE_URL: database.url });
    });
    afterAll(async () => {
      await server.close();
      await database.drop();
    });

    it('leaves every other market quoted on both sides, and says once that it cannot quote that one', async () => {
      const { dataSource, bus } = server.exchange.context;
      // Listed before listings were checked (one lot: a trillion dollars), then announced to every catalog.
      await dataSource.query(
        `INSERT INTO markets (symbol, kind, name, base_asset, tick_size, lot_size, min_notional, reference_price)
       VALUES ('GOLDUSDT', 'book', 'GOLD', 'GOLD', 1, 1000, 1, 1000000000)`,
      );
      bus.publish(MARKETS_CHANGED, {});
      await eventually(
        async () => server.exchange.catalog.findBookMarket('GOLDUSDT'),
        5_000,
        'GOLDUSDT in the catalog',
      );

      const warnings: Array<{ symbol: string; shortfall: string; msg: string }> = [];
      const logger = createLogger('warn', { write: (line: string) => void warnings.push(JSON.parse(line)) });
      const makerId = await ensureSystemTrader(dataSource, MAKER);
      const reference = new ReferencePrices(
        server.exchange.catalog,
        { MARKET_FEED: 'simulated', MARKET_FEED_SEED: 5 },
        createLogger('silent'),
      );
      const maker = new MarketMaker(
        dataSource,
        server.exchange.catalog,
        server.exchange.trading,
        reference,
        { makerId, inventory: MAKER.inventory },
        logger,
        server.exchange.context.outages,
        TIMER_NEVER_FIRES_MS,
      );
      const quotedOnBothSides = (symbol: string) =>
        eventually(
          async () => {
            const orders = await server.exchange.trading.openOrders(makerId, symbol);
            const sides = ['buy', 'sell'].map((side) => orders.filter((order) => order.side === side).length);
            return sides.every((count) => count >= 20) ? sides : undefined;
          },
          20_000,
          `20 bids and 20 asks of the maker on ${symbol}`,
        );
      maker.start();
      try {
        for (const market of liquidMarkets(server.exchange.catalog)) maker.quoteSoon(market.symbol);
        for (const market of OPENING_BOOK_MARKETS) await quotedOnBothSides(market.symbol);
        // GOLD's turn again, then BTC's, emptied: markets are quoted in turn, so once BTC is whole GOLD has been requoted.
        await server.exchange.trading.cancelAllOrdersOnBook('BTCUSDT', makerId);
        maker.quoteSoon('GOLDUSDT');
        maker.quoteSoon('BTCUSDT');
        await quotedOnBothSides('BTCUSDT');
      } finally {
        await maker.stop();
      }
      expect(await server.exchange.trading.openOrders(makerId, 'GOLDUSDT')).toEqual([]);
      expect(warnings.map(({ symbol, shortfall, msg }) => ({ symbol, shortfall, msg }))).toEqual([
        {
          symbol: 'GOLDUSDT',
          shortfall:
            'a side of its ladder would be empty: one lot, or the minimum order value, is worth more than a level holds',
          msg: 'market maker cannot quote a market in full',
        },
      ]);
    });
  },
);
