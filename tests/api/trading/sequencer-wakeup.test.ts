import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * In-process callers (the market maker, cluster forwarding) submit commands from callbacks of other
 * commands' answers. A command submitted in the moment between the writer finding nothing more to
 * take and its drain ending must still be taken: it must never wait for some later command.
 */
jest.setTimeout(120_000);

let server: TestExchange;
beforeAll(async () => {
  server = await startTestExchange({ MARKET_FEED: 'off' });
});
afterAll(() => server.close());

const microtasks = async (hops: number) => {
  for (let hop = 0; hop < hops; hop++) await Promise.resolve();
};

const settlesWithin = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work.then(() => 'settled'),
    new Promise<string>((resolve) => setTimeout(() => resolve(`still waiting after ${ms} ms`), ms)),
  ]);

it('a command submitted just as the writer drains its last round is taken at once', async () => {
  const trader = await fundedTrader(server, { USD: '100000' });
  const { trading } = server.exchange;
  const order = { symbol: 'ADAUSDT', side: 'buy' as const, type: 'limit' as const, amount: '10', price: '0.5' };
  // The window lies a few microtasks after a round's answers: try each distance.
  for (let hops = 0; hops < 12; hops++) {
    const next = trading.placeOrder(trader.user.id, order).then(async () => {
      await microtasks(hops);
      return trading.placeOrder(trader.user.id, order);
    });
    expect({ hops, outcome: await settlesWithin(next, 3000) }).toEqual({ hops, outcome: 'settled' });
  }
});
