import { checkLedger } from '../../../server/ledger/ledger-check';
import { fixtureBase64, query } from '../../support/back-office';
import { withDatabase } from '../../support/exchange-process';
import { ApiClient, loginAs } from '../../support/http-client';
import { answerOf, sendKeyed } from '../../support/idempotency-fixtures';
import { crashTestExchange, registeredTraders } from '../../support/restarted-traders';

/**
 * A server process killed (SIGKILL) right after answering keyed requests, then started again: every
 * key sent again gets the first answer, and nothing was done twice.
 */
const exchange = crashTestExchange('idempotency-crash', { MARKET_FEED: 'simulated', MARKET_FEED_SEED: '3' });

/** A keyed request as sent: by whom (an index into the clients), and its first answer when one came. */
interface Keyed {
  who: number;
  key: string;
  method: string;
  path: string;
  body?: unknown;
  first?: { status: number; body: any };
}

it('after a SIGKILL right after answering keyed requests, the same keys get the first answers and nothing is done twice', async () => {
  // Three traders stream orders; the fourth moves money; the fifth sends its KYC.
  const funds = { USD: '1000000', XRP: '1000000' };
  const { process: serving, traders: users } = await registeredTraders(
    exchange,
    Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`Crash ${i}`, i < 4 ? funds : null])),
  );
  const tokens = users.map((user) => user.token);
  const adminOn = async (url: string) =>
    loginAs(new ApiClient(url), exchange.env.ADMIN_EMAIL, exchange.env.ADMIN_PASSWORD);
  const ADMIN = users.length;
  let clients = [...tokens.map((token) => new ApiClient(serving.url, token)), await adminOn(serving.url)];
  const send = async (request: Keyed) => {
    const response = await sendKeyed(clients[request.who]!, request.key, request.method, request.path, request.body);
    return answerOf(response);
  };

  // A buy is priced at the desk's ask, which follows the book's best ask where other tests left orders.
  const quotes = (await clients[0]!.get('/market/quotes')).body as Array<{ symbol: string; ask: number }>;
  const price = quotes.find((q) => q.symbol === 'ETHUSDT')!.ask;
  const money: Keyed[] = [
    { who: 3, key: 'deposit-1', method: 'POST', path: `/deposit/request${query({ amount: 250 })}` },
    { who: 3, key: 'withdrawal-1', method: 'POST', path: `/withdraw/request${query({ amount: 100 })}` },
    {
      who: 3,
      key: 'instant-1',
      method: 'POST',
      path: `/trade${query({ symbol: 'ETHUSDT', trade_type: 'buy', amount: '0.1', price })}`,
    },
    {
      who: 4,
      key: 'kyc-1',
      method: 'POST',
      path: '/kyc/submit',
      body: { document_type: 'passport', document_data: fixtureBase64('id-card.png') },
    },
  ];
  for (const request of money) request.first = await send(request);
  for (const request of money) expect({ key: request.key, ...request.first }).toMatchObject({ status: 200 });
  const approval: Keyed = {
    who: ADMIN,
    key: 'approval-1',
    method: 'POST',
    path: `/admin/deposit/approve${query({ deposit_id: money[0]!.first!.body.id })}`,
  };

  // Keyed orders from three traders, crossing each other, until 100 are answered.
  const orders: Keyed[] = [];
  let stopped = false;
  const streams = [0, 1, 2].map(async (who) => {
    for (let n = 0; !stopped; n++) {
      const side = (n + who) % 2 === 0 ? 'buy' : 'sell';
      const orderPrice = (25000 + ((n * 7 + who * 13) % 21) - 10) / 10000;
      const request: Keyed = {
        who,
        key: `order-${who}-${n}`,
        method: 'POST',
        path: '/trading/order',
        body: { symbol: 'XRPUSDT', side, type: 'limit', amount: 4 + 2 * (n % 3), price: orderPrice },
      };
      orders.push(request);
      try {
        request.first = await send(request);
      } catch {
        return; // the connection died with the process: no answer
      }
    }
  });
  while (orders.filter((order) => order.first).length < 100) await new Promise((resolve) => setTimeout(resolve, 5));
  approval.first = await send(approval);
  expect(approval.first.status).toBe(200);
  stopped = true;
  await serving.kill('SIGKILL');
  await Promise.all(streams);
  const answeredOrders = orders.filter((order) => order.first);
  expect(answeredOrders.length).toBeGreaterThanOrEqual(100);

  const restarted = await exchange.startReady(tokens[0]);
  clients = [...tokens.map((token) => new ApiClient(restarted.url, token)), await adminOn(restarted.url)];
  const everything = [...money, approval, ...orders];
  // Every key again: an answered one gets its first answer; one that got none is done now, or was done then.
  const again: Array<{ status: number; body: any }> = [];
  for (const request of everything) again.push(await send(request));
  everything.forEach((request, i) => {
    if (request.first) expect(again[i]).toEqual(request.first);
  });
  // And once more: the same answers.
  for (const [i, request] of everything.entries()) expect(await send(request)).toEqual(again[i]);

  const acceptedOrderIds = orders
    .map((order) => again[everything.indexOf(order)]!)
    .filter((answer) => answer.status === 200)
    .map((answer) => answer.body.id as string);
  // Later test files trade XRPUSDT in this database: nothing of this stream stays resting there.
  for (const client of clients.slice(0, 3)) {
    for (const order of (await client.get('/trading/orders/open?symbol=XRPUSDT')).body)
      expect((await client.delete('/trading/order', { order_id: order.id })).status).toBe(200);
  }
  await restarted.kill('SIGTERM');
  expect(restarted.output()).not.toContain('RECOVERY MISMATCH');

  await withDatabase(async (dataSource) => {
    const [streamers, banker, newcomer] = [users.slice(0, 3).map((u) => u.userId), users[3]!.userId, users[4]!.userId];
    const placed: Array<{ id: string }> = await dataSource.query(
      'SELECT id FROM orders WHERE user_id = ANY($1::uuid[])',
      [streamers],
    );
    expect(placed.map((order) => order.id).sort()).toEqual([...acceptedOrderIds].sort());
    const [counts] = await dataSource.query(
      `SELECT (SELECT json_agg(json_build_object('kind', kind, 'status', status) ORDER BY kind) FROM funding_requests WHERE user_id = $1) AS funding,
              (SELECT count(*)::int FROM instant_trades WHERE user_id = $1) AS instant_trades,
              (SELECT count(*)::int FROM kyc_submissions WHERE user_id = $2) AS kyc_submissions,
              (SELECT count(*)::int FROM audit_log WHERE action = 'deposit.approve' AND target_id = $3) AS approvals`,
      [banker, newcomer, money[0]!.first!.body.id],
    );
    expect(counts).toEqual({
      funding: [
        { kind: 'deposit', status: 'approved' },
        { kind: 'withdrawal', status: 'pending' },
      ],
      instant_trades: 1,
      kyc_submissions: 1,
      approvals: 1,
    });
    const report = await checkLedger(dataSource.manager);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
