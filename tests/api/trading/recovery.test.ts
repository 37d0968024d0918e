import { isCurrentStateHash, OrderBook } from '../../../engine';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { money } from '../../../server/kernel/money';
import { ApiClient, type ApiResponse } from '../../support/http-client';
import { withDatabase } from '../../support/exchange-process';
import { crashTestExchange, registeredTraders } from '../../support/restarted-traders';

const exchange = crashTestExchange('recovery');

it('after a SIGKILL in the middle of a stream of orders, every acknowledged order and fill is there, the book matches the database, and the ledger balances', async () => {
  const funds = { USD: '1000000', XRP: '1000000' };
  const { process: second, traders } = await registeredTraders(
    exchange,
    Object.fromEntries([0, 1, 2, 3].map((i) => [`Crash ${i}`, funds])),
  );
  const clients = traders.map((t) => new ApiClient(second.url, t.token));
  const acknowledged: ApiResponse[] = [];
  let killed = false;
  const stream = clients.map(async (client, who) => {
    for (let n = 0; !killed; n++) {
      const side = (n + who) % 2 === 0 ? 'buy' : 'sell';
      const price = (25000 + ((n * 7 + who * 13) % 21) - 10) / 10000;
      const body =
        n % 5 === 4
          ? { symbol: 'XRPUSDT', side, type: 'market', amount: 2 }
          : { symbol: 'XRPUSDT', side, type: 'limit', amount: 2 * (1 + (n % 3)), price };
      try {
        const response = await client.post('/trading/order', body);
        if (response.status === 200) acknowledged.push(response);
      } catch {
        return; // the connection died with the process: not acknowledged
      }
    }
  });
  while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 5));
  killed = true;
  await second.kill('SIGKILL');
  await Promise.all(stream);
  const fills = acknowledged.flatMap((r) => r.body.fills as Array<{ id: string }>);
  expect(fills.length).toBeGreaterThan(0);

  const third = await exchange.startReady(traders[0]!.token);
  const restarted = traders.map((t) => new ApiClient(third.url, t.token));
  // What the rebuilt engine book offers (public depth), to compare with the database's open orders.
  const depth = (await restarted[0]!.get('/market/depth?symbol=XRPUSDT&limit=100')).body;
  await third.kill('SIGTERM');
  expect(third.output()).not.toContain('RECOVERY MISMATCH');

  await withDatabase(async (dataSource) => {
    const orderIds = acknowledged.map((r) => r.body.id as string);
    const orders: Array<{ id: string; filled: string; status: string }> = await dataSource.query(
      'SELECT id, filled, status FROM orders WHERE id = ANY($1::uuid[])',
      [orderIds],
    );
    expect(orders).toHaveLength(orderIds.length);
    const stored = new Map(orders.map((o) => [o.id, o]));
    for (const response of acknowledged)
      expect(money(stored.get(response.body.id)!.filled).gte(response.body.filled)).toBe(true);
    const trades: Array<{ id: string }> = await dataSource.query('SELECT id FROM trades WHERE id = ANY($1::uuid[])', [
      fills.map((f) => f.id),
    ]);
    expect(trades).toHaveLength(fills.length);

    const open: Array<{ side: string; price: string; quantity: string }> = await dataSource.query(
      `SELECT side, price, SUM(amount - filled) AS quantity FROM orders
        WHERE symbol = 'XRPUSDT' AND status IN ('new', 'partially_filled') GROUP BY side, price`,
    );
    expect(open.length).toBeGreaterThan(0);
    const levels = (side: string, descending: boolean) =>
      open
        .filter((level) => level.side === side)
        .map((level) => [money(level.price).toNumber(), money(level.quantity).toNumber()])
        .sort((a, b) => (descending ? b[0]! - a[0]! : a[0]! - b[0]!));
    // As of the last command the log holds: the update id survives the crash.
    const [log] = await dataSource.query("SELECT MAX(seq)::int AS seq FROM order_commands WHERE symbol = 'XRPUSDT'");
    expect(depth).toEqual({ last_update_id: log.seq, bids: levels('buy', true), asks: levels('sell', false) });

    const report = await checkLedger(dataSource.manager);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    // The orderly stop left a snapshot of the book at the last command.
    const [snapshot] = await dataSource.query(
      "SELECT s.seq, (SELECT MAX(seq) FROM order_commands WHERE symbol = 'XRPUSDT') AS last FROM book_snapshots s WHERE s.symbol = 'XRPUSDT'",
    );
    expect(snapshot.seq).toBe(snapshot.last);
    // With it the book's state hash (this version's), which the book restored from the snapshot reaches:
    // what the next start compares.
    const [state] = await dataSource.query(
      "SELECT b.seq, b.state_hash, s.snapshot FROM book_states b JOIN book_snapshots s USING (symbol) WHERE b.symbol = 'XRPUSDT'",
    );
    expect(state.seq).toBe(snapshot.seq);
    expect(isCurrentStateHash(state.state_hash)).toBe(true);
    expect(OrderBook.restore(state.snapshot).stateHash()).toBe(state.state_hash);
  });

  // A start from that snapshot rebuilds the same book.
  const fourth = await exchange.startReady();
  const fromSnapshot = new ApiClient(fourth.url);
  expect((await fromSnapshot.get('/market/depth?symbol=XRPUSDT&limit=100')).body).toEqual(depth);
  // Later test files trade XRPUSDT in this database: nothing of this stream stays resting there.
  for (const trader of traders) {
    const client = new ApiClient(fourth.url, trader.token);
    for (
      let open = (await client.get('/trading/orders/open?symbol=XRPUSDT')).body;
      open.length > 0;
      open = (await client.get('/trading/orders/open?symbol=XRPUSDT')).body
    ) {
      for (const order of open)
        expect((await client.delete('/trading/order', { order_id: order.id })).status).toBe(200);
    }
  }
  expect((await fromSnapshot.get('/market/depth?symbol=XRPUSDT')).body).toEqual({
    last_update_id: expect.any(Number),
    bids: [],
    asks: [],
  });
  await fourth.kill('SIGTERM');
  expect(fourth.output()).not.toContain('RECOVERY MISMATCH');
});
