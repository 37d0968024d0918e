import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { OPENING_BOOK_MARKETS, OPENING_FOREX_PAIRS } from '../../support/opening-catalog';

let server: TestExchange;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestExchange();
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

const DECIMAL = /^\d+(\.\d+)?$/;

describe('GET /api/markets', () => {
  it('lists every book market with its sizes, as decimal strings', async () => {
    const response = await api.get('/markets');
    expect(response.status).toBe(200);
    expect(response.body.markets.map((m: any) => m.symbol)).toEqual(OPENING_BOOK_MARKETS.map((m) => m.symbol));
    expect(response.body.markets[0]).toEqual({
      symbol: 'BTCUSDT',
      display: 'BTC/USDT',
      name: 'Bitcoin',
      base: 'BTC',
      quote: 'USD',
      tick_size: '0.01',
      lot_size: '0.00001',
      min_notional: '5',
      seed_price: '110000',
      status: 'trading',
    });
    for (const market of response.body.markets) {
      for (const field of ['tick_size', 'lot_size', 'min_notional', 'seed_price']) {
        expect(market[field]).toMatch(DECIMAL);
      }
    }
  });

  it('lists the forex pairs, each with the currency a dollar account holds after trading it', async () => {
    const { body } = await api.get('/markets');
    expect(body.forex.map((p: any) => p.symbol)).toEqual(OPENING_FOREX_PAIRS.map((p) => p.symbol));
    expect(body.forex.find((p: any) => p.symbol === 'EURUSD')).toEqual({
      symbol: 'EURUSD',
      display: 'EUR/USD',
      name: 'Euro / US Dollar',
      base: 'EUR',
      quote: 'USD',
      asset: 'EUR',
      tick_size: '0.0001',
      lot_size: '0.01',
      seed_price: '1.08',
    });
  });

  it("names the simple screen's five book markets in its order", async () => {
    const { body } = await api.get('/markets');
    expect(body.simple_screen).toEqual(['BTCUSDT', 'ETHUSDT', 'BNBUSDT', 'ADAUSDT', 'SOLUSDT']);
  });

  it('lists what the market data serves: a ticker for each book market, a quote for every market', async () => {
    const { body } = await api.get('/markets');
    for (const market of body.markets) {
      expect((await api.get(`/market/ticker?symbol=${market.symbol}`)).status).toBe(200);
    }
    const quoted = (await api.get('/market/quotes')).body.map((q: any) => q.symbol);
    expect(quoted.sort()).toEqual([...body.markets, ...body.forex].map((m: any) => m.symbol).sort());
  });

  it('is public: no token, a stale token and a signed-in trader all get the same list', async () => {
    const anonymous = await api.get('/markets');
    const stale = await api.withToken('not-a-token').get('/markets');
    const trader = await (await registerTrader(api)).client.get('/markets');
    expect(stale).toEqual(anonymous);
    expect(trader).toEqual(anonymous);
  });

  it('is described in the OpenAPI document with its answer', async () => {
    const { body } = await api.get('/openapi.json');
    const answer = body.paths['/api/markets'].get.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(['markets', 'forex', 'simple_screen']);
    expect(answer.properties.markets.items.required).toEqual(
      expect.arrayContaining(['symbol', 'tick_size', 'lot_size', 'min_notional']),
    );
  });
});
