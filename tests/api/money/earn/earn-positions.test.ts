import { randomUUID } from 'node:crypto';
import { traderWithDeposit, useBackOfficeExchange } from '../../../support/back-office';
import { registerTrader } from '../../../support/http-client';
import { createProduct, expectLedgerClean, FLEXIBLE, LOCKED, usdOf } from './earn-fixtures';

const suite = useBackOfficeExchange();
const dataSource = () => suite.server.exchange.context.dataSource;

describe('subscribing', () => {
  it('takes the amount from the available balance, through the ledger, and shows the position', async () => {
    const product = await createProduct(suite.admin, { ...FLEXIBLE, apy: '0.052' });
    const { client } = await traderWithDeposit(suite.server, suite.admin, 500);
    const subscribed = await client.post('/earn/subscribe', { product_id: product.id, amount: '120.5' });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body).toMatchObject({
      id: expect.any(String),
      product_id: product.id,
      asset: 'USD',
      kind: 'flexible',
      apy: '0.052',
      amount: '120.5',
      status: 'active',
      accrued: '0',
      matures_at: null,
      closed_at: null,
    });
    expect(await usdOf(client)).toMatchObject({ available: 379.5, locked: 0 });
    expect((await client.get('/earn/positions')).body).toEqual([subscribed.body]);
    const entries = await dataSource().query(
      `SELECT e.reason, COALESCE(a.system, 'trader') AS account, e.available::text FROM ledger_entries e
         JOIN accounts a ON a.id = e.account_id WHERE e.reference_id = $1 ORDER BY account`,
      [subscribed.body.id],
    );
    expect(entries).toEqual([
      { reason: 'earn_subscribe', account: 'earn', available: '120.500000000000000000' },
      { reason: 'earn_subscribe', account: 'trader', available: '-120.500000000000000000' },
    ]);
    const admin = (await suite.admin.get('/admin/earn/products')).body.find((p: { id: string }) => p.id === product.id);
    expect(admin).toMatchObject({ placed: '120.5', active_positions: 1 });
    await expectLedgerClean(dataSource());
  });

  it('refuses below the minimum, an unknown or closed product, more than the balance, and bad input', async () => {
    const product = await createProduct(suite.admin, { ...FLEXIBLE, min_amount: '50' });
    const { client } = await traderWithDeposit(suite.server, suite.admin, 100);
    const subscribe = (body: unknown) => client.post('/earn/subscribe', body);
    expect(await subscribe({ product_id: product.id, amount: '49.99' })).toEqual({
      status: 400,
      body: { detail: 'The minimum subscription is 50 USD' },
    });
    expect(await subscribe({ product_id: randomUUID(), amount: 60 })).toEqual({
      status: 404,
      body: { detail: 'Earn product not found' },
    });
    expect(await subscribe({ product_id: product.id, amount: '100.01' })).toEqual({
      status: 400,
      body: { detail: 'Insufficient balance' },
    });
    for (const amount of ['0', '-5', 'abc', '1e3', '', null, '1.0000000000000000001', '123456789012345678901'])
      expect(await subscribe({ product_id: product.id, amount })).toEqual({
        status: 400,
        body: { detail: 'Please enter a valid amount' },
      });
    expect((await subscribe({ product_id: 'nope', amount: 60 })).status).toBe(400);
    expect((await subscribe({ amount: 60 })).status).toBe(400);
    expect((await client.request('POST', '/earn/subscribe', { rawBody: '{"product_id":' })).status).toBe(400);
    await suite.admin.request('PATCH', `/admin/earn/products/${product.id}`, { body: { status: 'paused' } });
    expect(await subscribe({ product_id: product.id, amount: 60 })).toEqual({
      status: 409,
      body: { detail: 'This product is not open for subscriptions' },
    });
    expect(await usdOf(client)).toMatchObject({ available: 100, locked: 0 });
    expect((await client.get('/earn/positions')).body).toEqual([]);
    await expectLedgerClean(dataSource());
  });

  it('never overdraws when 20 subscriptions race on one balance', async () => {
    const product = await createProduct(suite.admin, { ...FLEXIBLE, min_amount: '1' });
    const { client } = await traderWithDeposit(suite.server, suite.admin, 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/earn/subscribe', { product_id: product.id, amount: '15' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual(
      Array(14).fill({ detail: 'Insufficient balance' }),
    );
    expect(await usdOf(client)).toMatchObject({ available: 10, locked: 0 });
    expect((await client.get('/earn/positions')).body).toHaveLength(6);
    await expectLedgerClean(dataSource());
  });

  it('answers a repeated Idempotency-Key with the first position, subscribing once', async () => {
    const product = await createProduct(suite.admin);
    const { client } = await traderWithDeposit(suite.server, suite.admin, 100);
    const headers = { 'idempotency-key': `earn-${randomUUID()}` };
    const body = { product_id: product.id, amount: 40 };
    const [first, second] = await Promise.all([
      client.request('POST', '/earn/subscribe', { body, headers }),
      client.request('POST', '/earn/subscribe', { body, headers }),
    ]);
    expect(first).toEqual(second);
    expect(first.status).toBe(200);
    expect(await usdOf(client)).toMatchObject({ available: 60 });
    expect((await client.get('/earn/positions')).body).toHaveLength(1);
  });

  it('is for traders: anonymous callers and administrators are refused', async () => {
    const product = await createProduct(suite.admin);
    expect((await suite.api.post('/earn/subscribe', { product_id: product.id, amount: 10 })).status).toBe(401);
    expect((await suite.admin.post('/earn/subscribe', { product_id: product.id, amount: 10 })).status).toBe(403);
    expect((await suite.api.get('/earn/positions')).status).toBe(401);
  });
});

describe('redeeming', () => {
  it('pays a flexible position back at once, with what it accrued', async () => {
    const product = await createProduct(suite.admin);
    const { client } = await traderWithDeposit(suite.server, suite.admin, 300);
    const position = (await client.post('/earn/subscribe', { product_id: product.id, amount: 200 })).body;
    const redeemed = await client.post('/earn/redeem', { position_id: position.id });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({
      id: position.id,
      status: 'redeemed',
      amount: '200',
      closed_at: expect.any(String),
    });
    // The day's interval has not ended: nothing accrued, the principal comes back whole.
    expect(redeemed.body.accrued).toBe('0');
    expect(await usdOf(client)).toMatchObject({ available: 300 });
    expect(await client.post('/earn/redeem', { position_id: position.id })).toEqual({
      status: 409,
      body: { detail: 'This position has already been paid back' },
    });
    await expectLedgerClean(dataSource());
  });

  it('pays a position back once when redemptions race, and subscriptions racing them never overdraw', async () => {
    const product = await createProduct(suite.admin, { ...FLEXIBLE, min_amount: '1' });
    const { client } = await traderWithDeposit(suite.server, suite.admin, 100);
    const position = (await client.post('/earn/subscribe', { product_id: product.id, amount: 60 })).body;
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? client.post('/earn/redeem', { position_id: position.id })
          : client.post('/earn/subscribe', { product_id: product.id, amount: 30 }),
      ),
    );
    const redeems = racing.filter((_, i) => i % 2);
    const subscribes = racing.filter((_, i) => i % 2 === 0);
    expect(redeems.filter((a) => a.status === 200)).toHaveLength(1);
    expect(redeems.filter((a) => a.status !== 200).map((a) => [a.status, a.body])).toEqual(
      Array(9).fill([409, { detail: 'This position has already been paid back' }]),
    );
    // 40 available before, 100 once the redemption commits: one to three subscriptions of 30 fit.
    const taken = subscribes.filter((a) => a.status === 200).length;
    expect(taken).toBeGreaterThanOrEqual(1);
    expect(taken).toBeLessThanOrEqual(3);
    expect(subscribes.filter((a) => a.status !== 200).map((a) => a.body)).toEqual(
      Array(10 - taken).fill({ detail: 'Insufficient balance' }),
    );
    expect(await usdOf(client)).toMatchObject({ available: 100 - 30 * taken, locked: 0 });
    const positions = (await client.get('/earn/positions')).body as Array<{ status: string }>;
    expect(positions.map((p) => p.status).sort()).toEqual([...Array(taken).fill('active'), 'redeemed']);
    await expectLedgerClean(dataSource());
  });

  it('refuses a locked position before maturity with 409', async () => {
    const product = await createProduct(suite.admin, LOCKED);
    const { client } = await traderWithDeposit(suite.server, suite.admin, 100);
    const position = (await client.post('/earn/subscribe', { product_id: product.id, amount: 100 })).body;
    expect(position.matures_at).toEqual(expect.any(String));
    expect(Date.parse(position.matures_at) - Date.parse(position.started_at)).toBe(30 * 86_400_000);
    const early = await client.post('/earn/redeem', { position_id: position.id });
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/^A locked position is paid back at maturity, on \d{4}-\d{2}-\d{2}$/);
    expect(await usdOf(client)).toMatchObject({ available: 0 });
    await expectLedgerClean(dataSource());
  });

  it("never reaches another trader's position", async () => {
    const product = await createProduct(suite.admin);
    const owner = await traderWithDeposit(suite.server, suite.admin, 50);
    const position = (await owner.client.post('/earn/subscribe', { product_id: product.id, amount: 50 })).body;
    const { client: other } = await registerTrader(suite.api);
    expect(await other.post('/earn/redeem', { position_id: position.id })).toEqual({
      status: 404,
      body: { detail: 'Earn position not found' },
    });
    expect((await other.get('/earn/positions')).body).toEqual([]);
    expect(await other.post('/earn/redeem', { position_id: randomUUID() })).toEqual({
      status: 404,
      body: { detail: 'Earn position not found' },
    });
    expect((await other.post('/earn/redeem', { position_id: 42 })).status).toBe(400);
    expect((await owner.client.get('/earn/positions')).body[0]).toMatchObject({ id: position.id, status: 'active' });
  });
});
