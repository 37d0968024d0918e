import { pricesInsideSpread } from '../../support/book-trades';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { placed } from '../../support/trading-fixtures';
import { fundedTrader } from '../../support/trader-fixtures';

/**
 * Socket.IO pushes go out as one packet per room at a time (server/gateways/realtime/room-batches.ts): what a
 * room is due keeps its order, a packet carries only its room's events, and a suspended user's
 * sockets are closed before anything published after the suspension reaches them.
 */

jest.setTimeout(60_000);

let server: TestExchange;

beforeAll(async () => {
  server = await startTestExchange();
});
afterAll(() => server.close());

const notifier = () => server.exchange.notifier;
const probes = (socket: RecordingSocket) => socket.events.filter((e) => e.event === 'probe').map((e) => e.data);
/** The packets that carried any probe, each as the probes it carried. */
const probePackets = (socket: RecordingSocket) =>
  socket.packets
    .map((batch) => batch.filter(([event]) => event === 'probe').map(([, data]) => data))
    .filter((batch) => batch.length > 0);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function connected(token?: string) {
  return RecordingSocket.connect(server.url, token);
}

describe('room batches', () => {
  it('send what one turn of the event loop publishes to a room as one packet, in order, one per room', async () => {
    const trader = await fundedTrader(server, {}, 'Batched Trader');
    const own = await connected(trader.client.token);
    const viewer = await connected();
    try {
      await own.subscribe('ADAUSDT');
      await viewer.subscribe('ADAUSDT');
      for (let n = 0; n < 50; n++) {
        notifier().toMarket('ADAUSDT', 'probe', { room: 'market', n });
        notifier().toUser(trader.user.id, 'probe', { room: 'user', n });
      }
      const market = Array.from({ length: 50 }, (_, n) => ({ room: 'market', n }));
      const user = Array.from({ length: 50 }, (_, n) => ({ room: 'user', n }));
      await viewer.next('probe', (data) => data.n === 49);
      await own.next('probe', (data) => data.room === 'market' && data.n === 49);
      await own.next('probe', (data) => data.room === 'user' && data.n === 49);
      await settle();
      expect(probePackets(viewer)).toEqual([market]);
      // The market room was the first to be due, so its packet comes first.
      expect(probePackets(own)).toEqual([market, user]);
    } finally {
      own.close();
      viewer.close();
    }
  });

  it("keep a room's order across packets while publishing goes on over many turns", async () => {
    const viewer = await connected();
    try {
      await viewer.subscribe('ADAUSDT');
      for (let n = 0; n < 300; n++) {
        notifier().toMarket('ADAUSDT', 'probe', n);
        if (n % 7 === 6) await new Promise((resolve) => setImmediate(resolve));
        if (n % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await viewer.next('probe', (n) => n === 299);
      expect(probes(viewer)).toEqual(Array.from({ length: 300 }, (_, n) => n));
      expect(probePackets(viewer).length).toBeGreaterThan(1);
    } finally {
      viewer.close();
    }
  });

  it('carry trades to the market room in the order they happened, and each order to its user in the order it changed', async () => {
    const [price] = await pricesInsideSpread(server, 'SOLUSDT', 1);
    const maker = await fundedTrader(server, { SOL: '2' }, 'Batch Maker');
    const taker = await fundedTrader(server, { USD: '1000' }, 'Batch Taker');
    const makerSocket = await connected(maker.client.token);
    const viewer = await connected();
    try {
      await viewer.subscribe('SOLUSDT');
      const sell = { symbol: 'SOLUSDT', side: 'sell', type: 'limit', price: price!, amount: '0.05' };
      const resting = [];
      for (let i = 0; i < 20; i++) resting.push((await placed(maker.client, sell)).id as string);
      // Ten takers at once, two fills each: several rounds, several trades per round.
      const buy = { ...sell, side: 'buy', amount: '0.1' };
      await Promise.all(Array.from({ length: 10 }, () => placed(taker.client, buy)));

      const tradeIds = (
        (await server.exchange.context.dataSource.query(
          'SELECT id FROM trades WHERE maker_order_id = ANY($1::uuid[]) ORDER BY seq',
          [resting],
        )) as Array<{ id: string }>
      ).map((row) => row.id);
      expect(tradeIds).toHaveLength(20);
      await viewer.next('trade', (trade) => trade.id === tradeIds.at(-1));
      const heard = viewer.events.filter((e) => e.event === 'trade' && e.data.symbol === 'SOLUSDT');
      expect(heard.map((e) => e.data.id)).toEqual(tradeIds);

      for (const id of resting)
        await makerSocket.next('order', (order) => order.id === id && order.status === 'filled');
      for (const id of resting) {
        const statuses = makerSocket.events
          .filter((e) => e.event === 'order' && e.data.id === id)
          .map((e) => e.data.status);
        expect(statuses).toEqual(['new', 'filled']);
      }
      expect(makerSocket.events.filter((e) => e.event === 'fill').map((e) => e.data.id)).toEqual(tradeIds);
    } finally {
      makerSocket.close();
      viewer.close();
    }
  });
});

describe("a user's events", () => {
  it('reach only that user, even when published in the same turn as another user’s', async () => {
    const [price] = await pricesInsideSpread(server, 'XRPUSDT', 1);
    const alice = await fundedTrader(server, { XRP: '100' }, 'Alice Batch');
    const bob = await fundedTrader(server, { USD: '1000' }, 'Bob Batch');
    const aliceSocket = await connected(alice.client.token);
    const bobSocket = await connected(bob.client.token);
    const anonymous = await connected();
    try {
      notifier().toUser(alice.user.id, 'probe', 'alice');
      notifier().toUser(bob.user.id, 'probe', 'bob');
      const order = { symbol: 'XRPUSDT', type: 'limit', price: price!, amount: '10' };
      const rested = await placed(alice.client, { ...order, side: 'sell' });
      const took = await placed(bob.client, { ...order, side: 'buy' });
      await aliceSocket.next('fill', (fill) => fill.id === took.fills[0].id);
      await bobSocket.next('fill', (fill) => fill.id === took.fills[0].id);
      await aliceSocket.next('balance');
      await bobSocket.next('balance');
      await settle();

      expect(probes(aliceSocket)).toEqual(['alice']);
      expect(probes(bobSocket)).toEqual(['bob']);
      const orderIds = (socket: RecordingSocket) =>
        new Set(socket.events.filter((e) => e.event === 'order').map((e) => e.data.id));
      expect(orderIds(aliceSocket)).toEqual(new Set([rested.id]));
      expect(orderIds(bobSocket)).toEqual(new Set([took.id]));
      const fills = (socket: RecordingSocket) => socket.events.filter((e) => e.event === 'fill').map((e) => e.data);
      expect(fills(aliceSocket)).toEqual([expect.objectContaining({ id: took.fills[0].id, side: 'sell' })]);
      expect(fills(bobSocket)).toEqual([expect.objectContaining({ id: took.fills[0].id, side: 'buy' })]);
      expect(anonymous.events.filter((e) => ['probe', 'order', 'fill', 'balance'].includes(e.event))).toEqual([]);
    } finally {
      aliceSocket.close();
      bobSocket.close();
      anonymous.close();
    }
  });

  it('published before a suspension reach its sockets, and none published after does: the sockets are closed first', async () => {
    const trader = await fundedTrader(server, {}, 'Cut Off In Between');
    const first = await connected(trader.client.token);
    const second = await connected(trader.client.token);
    try {
      const closed = [first.closedByServer(), second.closedByServer()];
      // All in one turn: the three reach the hub in the same batch window.
      notifier().toUser(trader.user.id, 'probe', 'before');
      notifier().disconnectUser(trader.user.id);
      notifier().toUser(trader.user.id, 'probe', 'after');
      expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
      await settle();
      expect(probes(first)).toEqual(['before']);
      expect(probes(second)).toEqual(['before']);
    } finally {
      first.close();
      second.close();
    }
  });
});
