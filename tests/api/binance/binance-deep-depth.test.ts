import Decimal from 'decimal.js';
import { binanceCall } from '../../support/binance-client';
import { ApiClient } from '../../support/http-client';
import { eventually } from '../../support/eventually';
import { LocalOrderBook, type DepthSnapshot } from '../../support/local-order-book';
import { StreamClient } from '../../support/stream-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { emptyBook } from '../../support/trading-fixtures';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * GET /api/v3/depth beyond the 500 levels a side a round's view of the book keeps: up to 5000, as
 * Binance answers, with the update id the diff stream continues from.
 */
let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

const SYMBOL = 'BNBUSDT';
/** Levels a side: more than a round's view keeps and than limit=1000 answers. */
const LEVELS = 1100;
const eight = (value: Decimal.Value) => new Decimal(value).toFixed(8);

async function depth(limit: number): Promise<DepthSnapshot & { bids: string[][]; asks: string[][] }> {
  const answer = await binanceCall(server.url, 'GET', '/depth', { query: `symbol=${SYMBOL}&limit=${limit}` });
  if (answer.status !== 200) throw new Error(`depth: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Sends `bodies` as web orders, `inFlight` at a time, each of which must be accepted. */
async function placeAll(client: ApiClient, bodies: object[], inFlight: number, onPlaced: () => void) {
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const response = await client.post('/trading/order', bodies[next++]!);
      if (response.status !== 200)
        throw new Error(`order refused: ${response.status} ${JSON.stringify(response.body)}`);
      onPlaced();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, sender));
}

afterEach(() => emptyBook(server, SYMBOL));

it('answers limit=1000 with 1000 levels a side and limit=5000 with all, in line with the diff stream', async () => {
  await emptyBook(server, SYMBOL);
  const maker = await fundedTrader(server, { USD: '20000', BNB: '50' });
  const tick = new Decimal('0.01');
  const bids = Array.from({ length: LEVELS }, (_, k) => new Decimal(500).minus(tick.times(k)));
  const asks = Array.from({ length: LEVELS }, (_, k) => new Decimal(900).plus(tick.times(k)));
  const order = (side: 'buy' | 'sell', price: Decimal) => ({
    symbol: SYMBOL,
    side,
    type: 'limit',
    amount: '0.02',
    price: price.toFixed(2),
  });
  // The two sides interleaved, so that a deep read taken part-way finds both sides deeper than 500.
  const bodies = bids.flatMap((bid, k) => [order('buy', bid), order('sell', asks[k]!)]);

  // Local books kept from deep snapshots and the diff stream: each snapshot is taken while the
  // orders keep coming (rounds in flight), so its update id must line up with the stream's.
  const stream = await StreamClient.connect(server.url, `/ws/${SYMBOL.toLowerCase()}@depth@100ms`);
  const locals: LocalOrderBook[] = [];
  const syncs: Array<Promise<void>> = [];
  stream.socket.on('message', (data) => {
    for (const local of locals) local.onEvent(JSON.parse(data.toString()));
  });
  let placed = 0;
  await placeAll(maker.client, bodies, 32, () => {
    if (++placed % 300 === 0 && placed > 1000) {
      const local = new LocalOrderBook(() => depth(5000));
      locals.push(local);
      syncs.push(local.sync());
    }
  });
  await Promise.all(syncs);

  const full = await depth(5000);
  expect(full.bids).toEqual(bids.map((price) => [eight(price), eight('0.02')]));
  expect(full.asks).toEqual(asks.map((price) => [eight(price), eight('0.02')]));
  const thousand = await depth(1000);
  expect(thousand).toEqual({
    lastUpdateId: full.lastUpdateId,
    bids: full.bids.slice(0, 1000),
    asks: full.asks.slice(0, 1000),
  });
  const hundred = await depth(100);
  expect(hundred).toEqual({
    lastUpdateId: full.lastUpdateId,
    bids: full.bids.slice(0, 100),
    asks: full.asks.slice(0, 100),
  });
  // The web's depth is of the same commit.
  expect((await new ApiClient(server.url).get(`/market/depth?symbol=${SYMBOL}`)).body.last_update_id).toBe(
    full.lastUpdateId,
  );

  const decimals = (side: string[][]) =>
    side.map(([price, quantity]) => [new Decimal(price!).toFixed(), new Decimal(quantity!).toFixed()]);
  expect(locals.length).toBeGreaterThan(2);
  for (const local of locals) {
    await eventually(async () => local.lastUpdateId === full.lastUpdateId || undefined, 10_000, 'local book caught up');
    expect(local.depth(5000)).toEqual({ bids: decimals(full.bids), asks: decimals(full.asks) });
  }
  stream.socket.close();
});
