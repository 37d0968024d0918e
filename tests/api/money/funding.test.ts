import fc from 'fast-check';
import { REALTIME_TOPIC, type RealtimeMessage } from '../../../server/gateways/realtime/notifier';
import { query, traderWithDeposit, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';

const suite = useBackOfficeExchange();

const balanceOf = async (client: ApiClient) => (await client.get('/user/balance')).body.balance as number;
const usdOf = async (client: ApiClient) =>
  ((await client.get('/user/assets')).body as Array<{ asset: string }>).find((a) => a.asset === 'USD');

describe('deposits', () => {
  it('a deposit request is pending and moves nothing until an administrator approves it', async () => {
    const { client, user } = await registerTrader(suite.api, 'Dana Deposit');
    const request = await client.post(`/deposit/request${query({ amount: '250.75' })}`);
    expect(request.status).toBe(200);
    expect(request.body).toEqual({
      id: expect.any(String),
      amount: 250.75,
      status: 'pending',
      created_at: expect.any(String),
      admin_notes: null,
    });
    expect(await balanceOf(client)).toBe(0);

    const approved = await suite.admin.post(
      `/admin/deposit/approve${query({ deposit_id: request.body.id, admin_notes: '  Wire received  ' })}`,
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({
      ...request.body,
      status: 'approved',
      admin_notes: 'Wire received',
      user: { id: user.id, full_name: 'Dana Deposit', email: user.email },
      deposit_reference: (await client.get('/deposit/reference')).body.deposit_reference,
    });
    expect(await balanceOf(client)).toBe(250.75);
    expect((await client.get('/deposit/history')).body).toEqual([
      { ...request.body, status: 'approved', admin_notes: 'Wire received' },
    ]);
  });

  it('a rejected deposit credits nothing and keeps the notes', async () => {
    const { client } = await registerTrader(suite.api);
    const request = await client.post(`/deposit/request${query({ amount: 40 })}`);
    const rejected = await suite.admin.post(
      `/admin/deposit/reject${query({ deposit_id: request.body.id, admin_notes: 'No transfer found' })}`,
    );
    expect(rejected.body).toMatchObject({ status: 'rejected', admin_notes: 'No transfer found' });
    expect(await balanceOf(client)).toBe(0);
  });

  it('accepts the amount from a JSON body as well as from the query', async () => {
    const { client } = await registerTrader(suite.api);
    const response = await client.post('/deposit/request', { amount: 12.5 });
    expect(response.status).toBe(200);
    expect(response.body.amount).toBe(12.5);
  });

  it("lists the history newest first, and only the caller's own", async () => {
    const { client } = await registerTrader(suite.api);
    const other = await registerTrader(suite.api);
    await other.client.post(`/deposit/request${query({ amount: 999 })}`);
    for (const amount of [1, 2, 3]) await client.post(`/deposit/request${query({ amount })}`);
    const history = await client.get('/deposit/history');
    expect(history.body.map((d: { amount: number }) => d.amount)).toEqual([3, 2, 1]);
  });

  it('approves a deposit once however many administrators click at the same time', async () => {
    const { client } = await registerTrader(suite.api);
    const request = await client.post(`/deposit/request${query({ amount: '100.01' })}`);
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        suite.admin.post(`/admin/deposit/approve${query({ deposit_id: request.body.id })}`),
      ),
    );
    expect(clicks.filter((r) => r.status === 200)).toHaveLength(1);
    expect(clicks.filter((r) => r.status === 409).map((r) => r.body)).toEqual(
      Array(19).fill({ detail: 'Deposit is not pending' }),
    );
    expect(await balanceOf(client)).toBe(100.01);
  });
});

describe('withdrawals', () => {
  it('a withdrawal request locks the amount; approval sends it out of the venue', async () => {
    const { client } = await traderWithDeposit(suite.server, suite.admin, 500);
    const request = await client.post(`/withdraw/request${query({ amount: '120.5' })}`);
    expect(request.status).toBe(200);
    expect(request.body).toMatchObject({ amount: 120.5, status: 'pending', admin_notes: null });
    expect(await usdOf(client)).toEqual({ asset: 'USD', available: 379.5, locked: 120.5, total: 500 });

    const approved = await suite.admin.post(`/admin/withdrawal/approve${query({ withdrawal_id: request.body.id })}`);
    expect(approved.body.status).toBe('approved');
    expect(await usdOf(client)).toEqual({ asset: 'USD', available: 379.5, locked: 0, total: 379.5 });
    // The journal: the hold is one entry moving the amount between the trader's buckets; the payout leaves locked for the outside world.
    const entries = await suite.server.exchange.context.dataSource.query(
      `SELECT e.reason, COALESCE(a.system, 'trader') AS account, e.available::float8, e.locked::float8 FROM ledger_entries e
         JOIN accounts a ON a.id = e.account_id WHERE e.reference_id = $1 ORDER BY e.reason DESC, account DESC`,
      [request.body.id],
    );
    expect(entries).toEqual([
      { reason: 'withdrawal_hold', account: 'trader', available: -120.5, locked: 120.5 },
      { reason: 'withdrawal', account: 'trader', available: 0, locked: -120.5 },
      { reason: 'withdrawal', account: 'external', available: 120.5, locked: 0 },
    ]);
    expect((await client.get('/withdraw/history')).body).toEqual([{ ...request.body, status: 'approved' }]);
  });

  it('a rejected withdrawal gives the locked amount back', async () => {
    const { client } = await traderWithDeposit(suite.server, suite.admin, 80);
    const request = await client.post(`/withdraw/request${query({ amount: 80 })}`);
    expect(await balanceOf(client)).toBe(0);
    const rejected = await suite.admin.post(
      `/admin/withdrawal/reject${query({ withdrawal_id: request.body.id, admin_notes: 'Name mismatch' })}`,
    );
    expect(rejected.body).toMatchObject({ status: 'rejected', admin_notes: 'Name mismatch' });
    expect(await usdOf(client)).toEqual({ asset: 'USD', available: 80, locked: 0, total: 80 });
  });

  it('a withdrawal beyond the balance is refused and leaves no request behind', async () => {
    const { client } = await traderWithDeposit(suite.server, suite.admin, 10);
    const response = await client.post(`/withdraw/request${query({ amount: '10.01' })}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Insufficient balance' });
    expect((await client.get('/withdraw/history')).body).toEqual([]);
    expect(await balanceOf(client)).toBe(10);
  });

  it('50 simultaneous withdrawals never lock more than is available', async () => {
    // Four fit the balance, fewer than the pending withdrawals a trader may have: the balance decides.
    const { client } = await traderWithDeposit(suite.server, suite.admin, 300);
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => client.post(`/withdraw/request${query({ amount: 70 })}`)),
    );
    const accepted = attempts.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(4);
    expect(attempts.filter((r) => r.status === 400).every((r) => r.body.detail === 'Insufficient balance')).toBe(true);
    expect(await usdOf(client)).toEqual({ asset: 'USD', available: 20, locked: 280, total: 300 });
    expect((await client.get('/withdraw/history')).body).toHaveLength(4);
  });
});

describe('amounts', () => {
  const refused = async (amount: string) => {
    const { client } = await registerTrader(suite.api);
    return client.post(`/deposit/request?amount=${encodeURIComponent(amount)}`);
  };

  it.each([
    ['0'],
    ['-5'],
    ['abc'],
    ['1.005'],
    ['1e3'],
    ['Infinity'],
    ['NaN'],
    ['1000000000.01'],
    [''],
    ['0x10'],
    [' '],
  ])('refuses %j with "Please enter a valid amount"', async (amount) => {
    const response = await refused(amount);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Please enter a valid amount' });
  });

  it('refuses a missing amount, a JSON null, a boolean and a negative number the same way', async () => {
    const { client } = await registerTrader(suite.api);
    for (const body of [undefined, { amount: null }, { amount: true }, { amount: -1 }, { amount: 0.001 }]) {
      const response = await client.post('/deposit/request', body);
      expect(response).toEqual({ status: 400, body: { detail: 'Please enter a valid amount' } });
    }
  });

  it('keeps every accepted amount to the cent, with no float rounding', async () => {
    const { client } = await registerTrader(suite.api);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000_000 }), async (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const response = await client.post(`/deposit/request${query({ amount: text })}`);
        expect(response.status).toBe(200);
        expect(response.body.amount).toBe(Number(text));
        // Decided at once, so the trader's pending deposits never reach their cap.
        await suite.admin.post(`/admin/deposit/reject${query({ deposit_id: response.body.id })}`);
      }),
      { numRuns: 40 },
    );
  });
});

describe('deciding', () => {
  it('an unknown id is 404, a malformed one 400, a decided one 409', async () => {
    const unknown = await suite.admin.post(
      `/admin/withdrawal/approve${query({ withdrawal_id: '00000000-0000-4000-8000-000000000000' })}`,
    );
    expect(unknown).toEqual({ status: 404, body: { detail: 'Withdrawal not found' } });
    const malformed = await suite.admin.post(`/admin/deposit/reject${query({ deposit_id: 'not-a-uuid' })}`);
    expect(malformed).toEqual({ status: 400, body: { detail: 'Invalid id' } });
    const missing = await suite.admin.post('/admin/deposit/reject');
    expect(missing).toEqual({ status: 400, body: { detail: 'Invalid id' } });

    const { client } = await registerTrader(suite.api);
    const deposit = await client.post(`/deposit/request${query({ amount: 5 })}`);
    await suite.admin.post(`/admin/deposit/reject${query({ deposit_id: deposit.body.id })}`);
    const again = await suite.admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
    expect(again).toEqual({ status: 409, body: { detail: 'Deposit is not pending' } });
    expect(await balanceOf(client)).toBe(0);
  });

  it('a deposit id is not a withdrawal id', async () => {
    const { client } = await registerTrader(suite.api);
    const deposit = await client.post(`/deposit/request${query({ amount: 5 })}`);
    const response = await suite.admin.post(`/admin/withdrawal/approve${query({ withdrawal_id: deposit.body.id })}`);
    expect(response.status).toBe(404);
  });

  it('caps admin notes at 1000 characters', async () => {
    const { client } = await registerTrader(suite.api);
    const deposit = await client.post(`/deposit/request${query({ amount: 5 })}`);
    const tooLong = await suite.admin.post(
      `/admin/deposit/approve${query({ deposit_id: deposit.body.id, admin_notes: 'n'.repeat(1001) })}`,
    );
    expect(tooLong).toEqual({ status: 400, body: { detail: 'Admin notes must be at most 1000 characters' } });
    const fits = await suite.admin.post(
      `/admin/deposit/approve${query({ deposit_id: deposit.body.id, admin_notes: 'n'.repeat(1000) })}`,
    );
    expect(fits.status).toBe(200);
  });
});

describe('admin queues', () => {
  it('list deposits and withdrawals with their user, filtered by status and paged', async () => {
    const { client, user } = await traderWithDeposit(suite.server, suite.admin, 300, 'Queue Person');
    const first = await client.post(`/withdraw/request${query({ amount: 1 })}`);
    const second = await client.post(`/withdraw/request${query({ amount: 2 })}`);
    await suite.admin.post(`/admin/withdrawal/reject${query({ withdrawal_id: first.body.id })}`);

    const pending = await suite.admin.get('/admin/withdrawals?status=pending&limit=200');
    const ids = pending.body.map((w: { id: string }) => w.id);
    expect(ids).toContain(second.body.id);
    expect(ids).not.toContain(first.body.id);
    expect(pending.body.find((w: { id: string }) => w.id === second.body.id).user).toEqual({
      id: user.id,
      full_name: 'Queue Person',
      email: user.email,
    });

    const newestRejected = await suite.admin.get('/admin/withdrawals?status=rejected&limit=1');
    expect(newestRejected.body.map((w: { id: string }) => w.id)).toEqual([first.body.id]);
    const firstTwo = await suite.admin.get('/admin/withdrawals?limit=2');
    const next = await suite.admin.get('/admin/withdrawals?limit=1&offset=1');
    expect(next.body).toEqual([firstTwo.body[1]]);

    const deposits = await suite.admin.get('/admin/deposits?status=approved');
    expect(deposits.body.every((d: { status: string }) => d.status === 'approved')).toBe(true);
  });

  it('refuses an unknown status and out-of-range paging', async () => {
    for (const path of [
      '/admin/deposits?status=lost',
      '/admin/deposits?limit=0',
      '/admin/deposits?limit=201',
      '/admin/withdrawals?offset=-1',
      '/admin/withdrawals?limit=x',
    ]) {
      const response = await suite.admin.get(path);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: expect.any(String) });
    }
  });
});

describe('notifications', () => {
  it('the trader hears about their request and balance, the admins that a queue changed, after each commit', async () => {
    const { client } = await registerTrader(suite.api);
    const [trader, admin] = await Promise.all([
      RecordingSocket.connect(suite.server.url, client.token),
      RecordingSocket.connect(suite.server.url, suite.admin.token),
    ]);
    try {
      const request = await client.post(`/deposit/request${query({ amount: 15 })}`);
      expect(await trader.next('funding', (data) => data.status === 'pending')).toEqual({
        kind: 'deposit',
        id: request.body.id,
        status: 'pending',
      });
      expect(await admin.next('admin:update')).toEqual({ kind: 'deposit' });
      await suite.admin.post(`/admin/deposit/approve${query({ deposit_id: request.body.id })}`);
      expect(await trader.next('funding', (data) => data.status === 'approved')).toEqual({
        kind: 'deposit',
        id: request.body.id,
        status: 'approved',
      });
      expect(await trader.next('balance')).toEqual({ balance: 15 });
    } finally {
      trader.close();
      admin.close();
    }
  });

  it('with one process, nothing is published for a user no socket listens to', async () => {
    const { bus } = suite.server.exchange.context;
    if (bus.kind !== 'memory') return; // several processes: any of them may hold the user's socket
    const heard: RealtimeMessage[] = [];
    await bus.subscribe(REALTIME_TOPIC, (messages) => heard.push(...(messages as RealtimeMessage[])));
    const { client, user } = await registerTrader(suite.api);
    const request = await client.post(`/deposit/request${query({ amount: 15 })}`);
    await suite.admin.post(`/admin/deposit/approve${query({ deposit_id: request.body.id })}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.filter((message) => message.room === `user:${user.id}`)).toEqual([]);
  });
});
