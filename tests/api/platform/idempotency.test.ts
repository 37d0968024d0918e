import { randomUUID } from 'node:crypto';
import { User } from '../../../server/identity/auth/user.entity';
import { DecisionQueueService } from '../../../server/money/back-office/decision-queue.service';
import { FUNDING_QUEUES } from '../../../server/money/funding/funding-queues';
import { FundingService } from '../../../server/money/funding/funding.service';
import { IdempotentRequests } from '../../../server/platform/idempotency/idempotent-requests';
import { refusalAnswer } from '../../../server/gateways/web/refusal-answers';
import { requestHash, type KeyedRequest } from '../../../server/platform/idempotency/keyed-request';
import { deleteExpiredAnswers } from '../../../server/platform/idempotency/recorded-answers';
import { KycService } from '../../../server/money/kyc/kyc.service';
import { checkLedger } from '../../../server/ledger/ledger-check';
import { money } from '../../../server/kernel/money';
import { fixtureBase64, query, signInAdmin } from '../../support/back-office';
import { clearOpenOrders } from '../../support/book-trades';
import { ApiClient, loginAs, registerTrader, type ApiResponse } from '../../support/http-client';
import { answerOf, footprint, recordedKeys, sendKeyed } from '../../support/idempotency-fixtures';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { approveKyc, credit, fundedTrader } from '../../support/trader-fixtures';
import { placed } from '../../support/trading-fixtures';

/**
 * Every money request takes an Idempotency-Key: a repeat gets the first answer and changes
 * nothing, the key on another request is refused, and each user's keys are their own.
 */
let server: TestExchange;
let admin: ApiClient;
/** A second administrator: an administrator's keys are theirs alone too. */
let otherAdmin: ApiClient;

/** When this file began: the traders registered since are its own (test files run one at a time). */
const started = new Date();

beforeAll(async () => {
  // Keys, not caps, are under test here: a trader may have any number of requests pending.
  server = await startTestExchange({ MARKET_FEED_SEED: '7', MAX_PENDING_DEPOSITS: '0', MAX_PENDING_WITHDRAWALS: '0' });
  admin = await signInAdmin(server);
  const promoted = await registerTrader(new ApiClient(server.url), 'Second Admin');
  await server.exchange.context.dataSource.getRepository(User).update(promoted.user.id, { is_admin: true });
  otherAdmin = await loginAs(new ApiClient(server.url), promoted.email, promoted.password);
});
afterAll(async () => {
  // Later test files trade these books in this database: nothing of this file stays resting there.
  await clearOpenOrders(server, { registeredSince: started });
  await server.close();
});

const dataSource = () => server.exchange.context.dataSource;
const KEY_REUSED = { detail: 'Idempotency-Key was already used for another request' };
const IN_PROGRESS = { detail: 'A request with this Idempotency-Key is in progress' };
const PNG = fixtureBase64('id-card.png');

/** The reference price of a symbol on the simple screen. */
/** The desk's ask, the price a buy is made at: it follows the book's best ask where other tests left orders. */
async function askOf(symbol: string): Promise<number> {
  const quotes = await new ApiClient(server.url).get('/market/quotes');
  return quotes.body.find((q: { symbol: string }) => q.symbol === symbol).ask;
}

/** A fresh situation for one money request: whose money it moves, and the request itself (or another one). */
interface Prepared {
  owner: string;
  send(key: string, other?: 'other'): Promise<ApiResponse>;
}

interface MoneyRoute {
  name: string;
  /** Sets up one request, made by `decider` when an administrator makes it, else by a new trader. */
  prepare(decider: ApiClient): Promise<Prepared>;
}

const buyOrder = (price: string) => ({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.001', price });

/** A trader with a pending deposit, withdrawal or KYC submission, for an administrator to decide. */
async function pendingItem(kind: 'deposit' | 'withdrawal' | 'kyc') {
  // KYC is submitted before it is approved.
  const trader =
    kind === 'kyc' ? await registerTrader(new ApiClient(server.url)) : await fundedTrader(server, { USD: '100' });
  const created =
    kind === 'kyc'
      ? await trader.client.post('/kyc/submit', { document_type: 'passport', document_data: PNG })
      : await trader.client.post(`/${kind === 'deposit' ? 'deposit' : 'withdraw'}/request${query({ amount: 10 })}`);
  expect(created.status).toBe(200);
  return { owner: trader.user.id as string, id: created.body.id as string };
}

const decision = (kind: 'deposit' | 'withdrawal' | 'kyc', verdict: 'approve' | 'reject'): MoneyRoute => ({
  name: `${verdict} of a ${kind}`,
  async prepare(decider) {
    const { owner, id } = await pendingItem(kind);
    const idField = kind === 'kyc' ? 'kyc_id' : `${kind}_id`;
    return {
      owner,
      send: (key, other) =>
        sendKeyed(
          decider,
          key,
          'POST',
          `/admin/${kind}/${verdict}${query({ [idField]: id, admin_notes: other ? 'other notes' : 'checked' })}`,
        ),
    };
  },
});

const MONEY_ROUTES: MoneyRoute[] = [
  {
    name: 'deposit request',
    async prepare() {
      const trader = await registerTrader(new ApiClient(server.url));
      return {
        owner: trader.user.id,
        send: (key, other) =>
          sendKeyed(trader.client, key, 'POST', `/deposit/request${query({ amount: other ? 20 : 10 })}`),
      };
    },
  },
  {
    name: 'withdrawal request',
    async prepare() {
      const trader = await fundedTrader(server, { USD: '100' });
      return {
        owner: trader.user.id,
        send: (key, other) =>
          sendKeyed(trader.client, key, 'POST', `/withdraw/request${query({ amount: other ? 20 : 10 })}`),
      };
    },
  },
  {
    name: 'order placement',
    async prepare() {
      const trader = await fundedTrader(server, { USD: '1000' });
      return {
        owner: trader.user.id,
        send: (key, other) =>
          sendKeyed(trader.client, key, 'POST', '/trading/order', buyOrder(other ? '10001' : '10000')),
      };
    },
  },
  {
    name: 'order list placement',
    async prepare() {
      const trader = await fundedTrader(server, { USD: '1000' });
      // An OCO buy: a limit far below the book, a stop-limit far above it; neither trades.
      const oco = (limit: string) => ({
        symbol: 'BTCUSDT',
        kind: 'oco',
        orders: [
          { side: 'buy', type: 'limit', amount: '0.001', price: limit },
          { side: 'buy', type: 'stop_limit', amount: '0.001', stop_price: '400000', price: '420000' },
        ],
      });
      return {
        owner: trader.user.id,
        send: (key, other) =>
          sendKeyed(trader.client, key, 'POST', '/trading/order-list', oco(other ? '10001' : '10000')),
      };
    },
  },
  {
    name: 'order cancellation',
    async prepare() {
      const trader = await fundedTrader(server, { USD: '1000' });
      const orders = [await placed(trader.client, buyOrder('10000')), await placed(trader.client, buyOrder('10002'))];
      return {
        owner: trader.user.id,
        send: (key, other) =>
          sendKeyed(trader.client, key, 'DELETE', '/trading/order', { order_id: orders[other ? 1 : 0].id }),
      };
    },
  },
  {
    name: 'instant trade',
    async prepare() {
      const trader = await fundedTrader(server, { USD: '1000' });
      // The price seen is part of the request: a retry sends the same one.
      const price = await askOf('ETHUSDT');
      return {
        owner: trader.user.id,
        send: (key, other) =>
          sendKeyed(
            trader.client,
            key,
            'POST',
            `/trade${query({ symbol: 'ETHUSDT', trade_type: 'buy', amount: other ? '0.02' : '0.01', price })}`,
          ),
      };
    },
  },
  {
    name: 'KYC submission',
    async prepare() {
      const trader = await registerTrader(new ApiClient(server.url));
      return {
        owner: trader.user.id,
        send: (key, other) =>
          sendKeyed(trader.client, key, 'POST', '/kyc/submit', {
            document_type: other ? 'id_card' : 'passport',
            document_data: PNG,
          }),
      };
    },
  },
  decision('deposit', 'approve'),
  decision('deposit', 'reject'),
  decision('withdrawal', 'approve'),
  decision('withdrawal', 'reject'),
  decision('kyc', 'approve'),
  decision('kyc', 'reject'),
];

describe.each(MONEY_ROUTES)('$name with an Idempotency-Key', ({ prepare }) => {
  it('sent twice: the second gets the first answer, and it was done once', async () => {
    const request = await prepare(admin);
    const before = await footprint(dataSource(), request.owner);
    const key = randomUUID();
    const first = await request.send(key);
    expect(first.status).toBe(200);
    const done = await footprint(dataSource(), request.owner);
    expect(done).not.toEqual(before);

    expect(answerOf(await request.send(key))).toEqual(answerOf(first));
    expect(await footprint(dataSource(), request.owner)).toEqual(done);
    expect(await recordedKeys(dataSource(), key)).toBe(1);
  });

  it('sent again with other parameters: 422, and nothing more is done', async () => {
    const request = await prepare(admin);
    const key = randomUUID();
    expect((await request.send(key)).status).toBe(200);
    const done = await footprint(dataSource(), request.owner);

    expect(answerOf(await request.send(key, 'other'))).toEqual({ status: 422, body: KEY_REUSED });
    expect(await footprint(dataSource(), request.owner)).toEqual(done);
  });

  it("another user's same key is theirs: both requests are done", async () => {
    const [mine, theirs] = [await prepare(admin), await prepare(otherAdmin)];
    const key = randomUUID();
    const before = await footprint(dataSource(), theirs.owner);
    const [first, second] = [await mine.send(key), await theirs.send(key)];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await footprint(dataSource(), theirs.owner)).not.toEqual(before);
    expect(await recordedKeys(dataSource(), key)).toBe(2);
  });

  it('20 at once with one key: done once, every answer the first or "in progress"', async () => {
    const [request, reference] = [await prepare(admin), await prepare(admin)];
    expect((await reference.send(randomUUID())).status).toBe(200);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => request.send(key)));

    const done = answers.filter((answer) => answer.status === 200).map(answerOf);
    expect(done.length).toBeGreaterThan(0);
    for (const answer of done) expect(answer).toEqual(done[0]);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answerOf(answer)).toEqual({ status: 409, body: IN_PROGRESS });
    // What one request does, as the same request did once without competition.
    expect((await footprint(dataSource(), request.owner)).rows).toEqual(
      (await footprint(dataSource(), reference.owner)).rows,
    );
    expect(answerOf(await request.send(key))).toEqual(done[0]);
  });
});

describe('a refusal is an answer too', () => {
  /** Sends `send` with one key, makes it possible with `unblock`, sends it again: the same refusal, and a fresh key then succeeds. */
  async function refusedThenPossible(
    send: (key: string) => Promise<ApiResponse>,
    unblock: () => Promise<void>,
    refusal: { status: number; body: unknown },
  ) {
    const key = randomUUID();
    expect(answerOf(await send(key))).toEqual(refusal);
    await unblock();
    expect(answerOf(await send(key))).toEqual(refusal);
    expect((await send(randomUUID())).status).toBe(200);
  }

  it('a withdrawal beyond the balance stays refused under its key after a deposit', async () => {
    const trader = await fundedTrader(server, { USD: '5' });
    await refusedThenPossible(
      (key) => sendKeyed(trader.client, key, 'POST', `/withdraw/request${query({ amount: 10 })}`),
      () => credit(dataSource(), trader.user.id, 'USD', '100'),
      { status: 400, body: { detail: 'Insufficient balance' } },
    );
    const { rows } = await footprint(dataSource(), trader.user.id);
    expect(rows).toMatchObject({ funding: [{ kind: 'withdrawal', status: 'pending' }] });
  });

  it('an order beyond the balance stays refused under its key after a deposit', async () => {
    const trader = await fundedTrader(server, { USD: '5' });
    await refusedThenPossible(
      (key) => sendKeyed(trader.client, key, 'POST', '/trading/order', buyOrder('10000')),
      () => credit(dataSource(), trader.user.id, 'USD', '100'),
      { status: 400, body: { detail: 'Insufficient balance' } },
    );
    expect((await footprint(dataSource(), trader.user.id)).rows).toMatchObject({ orders: [{ status: 'new' }] });
  });

  it('an instant trade before KYC stays refused under its key once KYC is approved', async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    await credit(dataSource(), trader.user.id, 'USD', '1000');
    const price = await askOf('ETHUSDT');
    await refusedThenPossible(
      (key) =>
        sendKeyed(
          trader.client,
          key,
          'POST',
          `/trade${query({ symbol: 'ETHUSDT', trade_type: 'buy', amount: '0.01', price })}`,
        ),
      () => approveKyc(dataSource(), trader.user.id),
      { status: 400, body: { detail: 'KYC must be approved to trade' } },
    );
  });

  it('a KYC submission while one is under review stays refused under its key after the rejection', async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    const first = await trader.client.post('/kyc/submit', { document_type: 'passport', document_data: PNG });
    await refusedThenPossible(
      (key) => sendKeyed(trader.client, key, 'POST', '/kyc/submit', { document_type: 'id_card', document_data: PNG }),
      async () => {
        expect((await admin.post(`/admin/kyc/reject${query({ kyc_id: first.body.id })}`)).status).toBe(200);
      },
      { status: 409, body: { detail: 'Your KYC is under review' } },
    );
  });

  it('a decision on a decided item and a cancel of an unknown order are recorded as they were answered', async () => {
    const { id } = await pendingItem('deposit');
    expect((await admin.post(`/admin/deposit/approve${query({ deposit_id: id })}`)).status).toBe(200);
    const key = randomUUID();
    const again = await sendKeyed(admin, key, 'POST', `/admin/deposit/approve${query({ deposit_id: id })}`);
    expect(answerOf(again)).toEqual({ status: 409, body: { detail: 'Deposit is not pending' } });
    expect(await recordedKeys(dataSource(), key)).toBe(1);

    const trader = await fundedTrader(server, { USD: '100' });
    const cancelKey = randomUUID();
    const cancel = () => sendKeyed(trader.client, cancelKey, 'DELETE', '/trading/order', { order_id: randomUUID() });
    expect(answerOf(await cancel())).toEqual({ status: 404, body: { detail: 'Order not found' } });
    expect(await recordedKeys(dataSource(), cancelKey)).toBe(1);
  });

  it('a malformed request records nothing: it is refused the same way every time', async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    const key = randomUUID();
    expect((await sendKeyed(trader.client, key, 'POST', `/deposit/request${query({ amount: -1 })}`)).status).toBe(400);
    expect(await recordedKeys(dataSource(), key)).toBe(0);
    expect((await sendKeyed(trader.client, key, 'POST', `/deposit/request${query({ amount: 1 })}`)).status).toBe(200);
  });
});

describe('the Idempotency-Key header', () => {
  it('takes 1 to 64 letters, digits and _ . : -, and refuses anything else with 400', async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    const deposit = (key: string) => sendKeyed(trader.client, key, 'POST', `/deposit/request${query({ amount: 1 })}`);
    for (const key of ['a', 'A-b_c.d:9', 'k'.repeat(64)]) expect((await deposit(key)).status).toBe(200);
    for (const key of ['', 'k'.repeat(65), 'has space', 'slash/key', 'clé', 'a,b'])
      expect(answerOf(await deposit(key))).toEqual({ status: 400, body: { detail: 'Invalid Idempotency-Key' } });
  });

  it('is refused on another route than the one it was used on (422)', async () => {
    const trader = await fundedTrader(server, { USD: '100' });
    const key = randomUUID();
    expect((await sendKeyed(trader.client, key, 'POST', `/deposit/request${query({ amount: 10 })}`)).status).toBe(200);
    const withdrawal = await sendKeyed(trader.client, key, 'POST', `/withdraw/request${query({ amount: 10 })}`);
    expect(answerOf(withdrawal)).toEqual({ status: 422, body: KEY_REUSED });
  });

  it('many keys sent again at once: each gets its own first answer (their lookups share a statement)', async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const deposit = (key: string, i: number) =>
      sendKeyed(trader.client, key, 'POST', `/deposit/request${query({ amount: i + 1 })}`);
    const firsts = await Promise.all(keys.map(deposit));
    expect((await Promise.all(keys.map(deposit))).map(answerOf)).toEqual(firsts.map(answerOf));
    expect(new Set(firsts.map((first) => first.body.id)).size).toBe(10);
    const { rows } = await footprint(dataSource(), trader.user.id);
    expect((rows as { funding: unknown[] }).funding).toHaveLength(10);
  });

  it('is checked after the caller: a request without a valid token is refused as before', async () => {
    const anonymous = new ApiClient(server.url);
    const response = await sendKeyed(anonymous, 'bad key', 'POST', `/deposit/request${query({ amount: 1 })}`);
    expect(response.status).toBe(401);
  });
});

describe('two processes racing with one key', () => {
  /** Each process has its own runner: between them stands only the key's row in the database. */
  async function race(userId: string, work: (keyed: KeyedRequest) => Promise<unknown>) {
    const keyed = { userId, key: randomUUID(), requestHash: 'f'.repeat(64), successStatus: 200 };
    const processes = [
      new IdempotentRequests(dataSource(), refusalAnswer),
      new IdempotentRequests(dataSource(), refusalAnswer),
    ];
    const answers = await Promise.all(processes.map((requests) => requests.answer(keyed, () => work(keyed))));
    // As the clients get them: JSON.
    expect(JSON.parse(JSON.stringify(answers[1]))).toEqual(JSON.parse(JSON.stringify(answers[0])));
    expect(answers[0]!.status).toBe(200);
  }

  it('a withdrawal request: one withdrawal, one hold (the second fails on the key and answers the first answer)', async () => {
    const trader = await fundedTrader(server, { USD: '100' });
    const funding = new FundingService(server.exchange.context);
    await race(trader.user.id, (keyed) => funding.request('withdrawal', trader.user.id, money('10'), keyed));
    const { rows, balances } = await footprint(dataSource(), trader.user.id);
    expect(rows).toMatchObject({ funding: [{ kind: 'withdrawal' }] });
    expect(balances).toEqual([{ asset: 'USD', available: '90.000000000000000000', locked: '10.000000000000000000' }]);
  });

  it("a KYC submission: one submission (the second is refused as under review, and answers the first's answer)", async () => {
    const trader = await registerTrader(new ApiClient(server.url));
    const kyc = new KycService(server.exchange.context);
    const document = { bytes: Buffer.from(PNG, 'base64'), mimeType: 'image/png' };
    await race(trader.user.id, (keyed) => kyc.submit(trader.user.id, 'passport', document, keyed));
    expect((await footprint(dataSource(), trader.user.id)).rows).toMatchObject({ kyc_submissions: ['pending'] });
  });

  it('a deposit approval: one deposit credited (the second finds it decided, and answers the first answer)', async () => {
    const { owner, id } = await pendingItem('deposit');
    const [{ id: adminId }] = await dataSource().query('SELECT id FROM users WHERE email = $1', [server.admin.email]);
    const decisions = new DecisionQueueService(server.exchange.context);
    await race(adminId, (keyed) => decisions.decide(FUNDING_QUEUES.deposit, id, 'approve', adminId, null, keyed));
    const { rows, balances } = await footprint(dataSource(), owner);
    expect(rows).toMatchObject({ funding: [{ status: 'approved' }], decisions: 1 });
    expect(balances).toEqual([{ asset: 'USD', available: '110.000000000000000000', locked: '0.000000000000000000' }]);
  });
});

describe('keyed orders', () => {
  it('the same keyed order twice in one round: one order, one hold, both told the same, and the round`s other orders placed', async () => {
    const trader = await fundedTrader(server, { USD: '1000' });
    const neighbour = await fundedTrader(server, { USD: '1000' });
    const { trading } = server.exchange;
    const request = { symbol: 'BTCUSDT', side: 'buy' as const, type: 'limit' as const, amount: '0.001', price: '9000' };
    const keyed = {
      userId: trader.user.id,
      key: randomUUID(),
      requestHash: requestHash('post', '/trading/order', { input: request }),
      successStatus: 200,
    };
    // Submitted in one turn of the event loop: the first forms a round at once, the other three the next one.
    const [, first, second, other] = await Promise.all([
      trading.placeOrder(neighbour.user.id, request),
      trading.placeOrder(trader.user.id, request, keyed),
      trading.placeOrder(trader.user.id, request, keyed),
      trading.placeOrder(neighbour.user.id, request),
    ]);
    expect(second).toEqual(JSON.parse(JSON.stringify(first)));
    expect(other.id).not.toBe(first.id);
    const { rows, balances } = await footprint(dataSource(), trader.user.id);
    expect(rows).toMatchObject({ orders: [{ status: 'new' }] });
    const usd = (balances as Array<{ asset: string; available: string; locked: string }>).find(
      (b) => b.asset === 'USD',
    )!;
    // One order's hold: 0.001 x 9000 and its fee.
    expect(Number(usd.available) + Number(usd.locked)).toBe(1000);
    expect(Number(usd.locked)).toBeGreaterThan(9);
    expect(Number(usd.locked)).toBeLessThan(9.1);
    expect((await footprint(dataSource(), neighbour.user.id)).rows).toMatchObject({
      orders: [{ status: 'new' }, { status: 'new' }],
    });
    expect((await checkLedger(dataSource().manager)).ok).toBe(true);
  });

  it('a replay answers what the order did then, after it has filled since', async () => {
    const buyer = await fundedTrader(server, { USD: '1000' });
    const seller = await fundedTrader(server, { ETH: '1' });
    const key = randomUUID();
    const order = { symbol: 'ETHUSDT', side: 'buy', type: 'limit', amount: '0.01', price: '1000' };
    const first = await sendKeyed(buyer.client, key, 'POST', '/trading/order', order);
    expect(first.body).toMatchObject({ status: 'new', filled: 0 });
    expect(await placed(seller.client, { ...order, side: 'sell' })).toMatchObject({ status: 'filled' });
    expect(answerOf(await sendKeyed(buyer.client, key, 'POST', '/trading/order', order))).toEqual(answerOf(first));
  });
});

it('forgets answers older than a day, and keeps the others', async () => {
  const row = (key: string, hoursAgo: number) =>
    dataSource().query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, status, body, created_at)
       VALUES ($1, $2, $3, 200, '{}', now() - make_interval(hours => $4))`,
      [randomUUID(), key, 'a'.repeat(64), hoursAgo],
    );
  const [old, recent] = [randomUUID(), randomUUID()];
  await row(old, 25);
  await row(recent, 23);
  expect(await deleteExpiredAnswers(dataSource().manager)).toBeGreaterThanOrEqual(1);
  expect(await recordedKeys(dataSource(), old)).toBe(0);
  expect(await recordedKeys(dataSource(), recent)).toBe(1);
});
