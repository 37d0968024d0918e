import { fixtureBase64, query, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { eventually } from '../../support/eventually';
import { fundedTrader } from '../../support/trader-fixtures';
import { emptyBook, placed } from '../../support/trading-fixtures';

const suite = useBackOfficeExchange();

/** A GET as the admin, with the X-Total-Count a paged list answers. */
async function page(path: string) {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    headers: { authorization: `Bearer ${suite.admin.token}` },
  });
  const body: any = await response.json();
  return { status: response.status, total: Number(response.headers.get('x-total-count')), body };
}

describe("a user's detail", () => {
  it('shows the account, every balance as exact text, and the KYC status with the latest submission', async () => {
    const { client, user } = await fundedTrader(suite.server, { USD: '1234.5', BTC: '0.00012345' }, 'Detail Trader');
    await suite.server.exchange.context.dataSource.query("UPDATE users SET kyc_status = 'none' WHERE id = $1", [
      user.id,
    ]);
    expect(
      (await client.post('/kyc/submit', { document_type: 'passport', document_data: fixtureBase64('id-card.png') }))
        .status,
    ).toBe(200);
    const detail = await suite.admin.get(`/admin/users/${user.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: user.id,
      full_name: 'Detail Trader',
      email: user.email,
      is_admin: false,
      is_active: true,
      balances: [
        { asset: 'BTC', available: '0.00012345', locked: '0' },
        { asset: 'USD', available: '1234.5', locked: '0' },
      ],
      kyc: { status: 'submitted', latest: { document_type: 'passport', status: 'pending', admin_notes: null } },
    });
  });

  it('a user who holds nothing and never sent KYC has empty balances and no submission', async () => {
    const { user } = await registerTrader(suite.api);
    expect((await suite.admin.get(`/admin/users/${user.id}`)).body).toMatchObject({
      balances: [],
      kyc: { status: 'pending', latest: null },
    });
  });

  it('shows the fee tier, the referral code, who referred the user and whom it referred', async () => {
    const referrer = await registerTrader(suite.api, 'Detail Referrer');
    const code = (await referrer.client.get('/referral')).body.code;
    const registered = await suite.api.post('/auth/register', {
      email: `detail-referee-${Date.now()}@example.com`,
      password: 'trader-password-1',
      full_name: 'Detail Referee',
      referral_code: code,
    });
    expect(registered.status).toBe(200);
    const referee = { id: registered.body.user.id, client: suite.api.withToken(registered.body.token) };
    expect((await suite.admin.get(`/admin/users/${referrer.user.id}`)).body).toMatchObject({
      fee_tier: { volume_30d: 0 },
      referral: { code, referred_by: null, referred_count: 1, earned: '0' },
    });
    // The referee is placed in its tier a moment after registering: the admin sees the tier it reads.
    const placedTier = await eventually(
      async () => (await suite.admin.get(`/admin/users/${referee.id}`)).body.fee_tier.tier ?? undefined,
      2000,
      'the referee placed in its tier',
    );
    expect(placedTier).toBe((await referee.client.get('/account/fee-tier')).body.tier);
    const detail = (await suite.admin.get(`/admin/users/${referee.id}`)).body;
    expect(detail.referral).toMatchObject({
      referred_by: { id: referrer.user.id, email: referrer.email },
      referred_count: 0,
      earned: '0',
    });
    expect(detail.referral.code).not.toBe(code);
  });

  it('pages the open orders and the trades, newest first', async () => {
    await emptyBook(suite.server, 'BTCUSDT');
    const seller = await fundedTrader(suite.server, { BTC: '1' });
    const buyer = await fundedTrader(suite.server, { USD: '100000' });
    await placed(seller.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: 0.01, price: 50000 });
    await placed(buyer.client, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: 0.01, price: 50000 });
    const asks = [];
    for (const price of [60000, 61000, 62000])
      asks.push(await placed(seller.client, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', amount: 0.01, price }));

    const first = await page(`/admin/users/${seller.user.id}/orders${query({ limit: 2 })}`);
    expect(first.total).toBe(3);
    expect(first.body.map((order: { id: string }) => order.id)).toEqual([asks[2].id, asks[1].id]);
    const second = await page(`/admin/users/${seller.user.id}/orders${query({ limit: 2, offset: 2 })}`);
    expect(second.body.map((order: { id: string }) => order.id)).toEqual([asks[0].id]);

    const trades = await page(`/admin/users/${buyer.user.id}/trades`);
    expect(trades.total).toBe(1);
    expect(trades.body).toEqual([expect.objectContaining({ side: 'buy', price: 50000, amount: 0.01 })]);
    expect((await page(`/admin/users/${seller.user.id}/trades`)).body).toEqual([
      expect.objectContaining({ side: 'sell', price: 50000, amount: 0.01 }),
    ]);
    // The buyer's order filled: it is not open.
    expect((await page(`/admin/users/${buyer.user.id}/orders`)).total).toBe(0);
    await emptyBook(suite.server, 'BTCUSDT');
  });

  it('pages deposits and withdrawals together, newest first, each with its kind', async () => {
    const { client, user } = await fundedTrader(suite.server, { USD: '1000' });
    await client.post(`/deposit/request${query({ amount: 10 })}`);
    await client.post(`/withdraw/request${query({ amount: 20 })}`);
    await client.post(`/deposit/request${query({ amount: 30 })}`);
    const first = await page(`/admin/users/${user.id}/funding${query({ limit: 2 })}`);
    expect(first.total).toBe(3);
    expect(first.body.map((item: { kind: string; amount: number }) => [item.kind, item.amount])).toEqual([
      ['deposit', 30],
      ['withdrawal', 20],
    ]);
    const rest = await page(`/admin/users/${user.id}/funding${query({ limit: 2, offset: 2 })}`);
    expect(rest.body).toEqual([expect.objectContaining({ kind: 'deposit', amount: 10, status: 'pending' })]);
  });

  it('pages the live sessions; a suspension ends them all', async () => {
    const { user, email, password } = await registerTrader(suite.api);
    await loginAs(new ApiClient(suite.server.url), email, password);
    const sessions = await page(`/admin/users/${user.id}/sessions${query({ limit: 1 })}`);
    expect(sessions.total).toBe(2);
    expect(sessions.body).toHaveLength(1);
    expect(Object.keys(sessions.body[0]).sort()).toEqual(['created_at', 'id', 'ip', 'last_seen_at', 'user_agent']);
    expect((await suite.admin.post(`/admin/user/suspend${query({ user_id: user.id })}`)).status).toBe(200);
    expect((await page(`/admin/users/${user.id}/sessions`)).total).toBe(0);
    expect((await suite.admin.get(`/admin/users/${user.id}`)).body.is_active).toBe(false);
  });

  it('is for administrators only, about people only', async () => {
    const { client, user } = await registerTrader(suite.api);
    for (const path of ['', '/orders', '/trades', '/funding', '/sessions']) {
      expect((await client.get(`/admin/users/${user.id}${path}`)).status).toBe(403);
      expect(await suite.admin.get(`/admin/users/00000000-0000-4000-8000-000000000000${path}`)).toEqual({
        status: 404,
        body: { detail: 'User not found' },
      });
      expect(await suite.admin.get(`/admin/users/not-an-id${path}`)).toEqual({
        status: 400,
        body: { detail: 'Invalid id' },
      });
    }
    // A system account, as the market maker's: it trades, but it is no one's.
    const [system] = await suite.server.exchange.context.dataSource.query(
      `INSERT INTO users (email, full_name, password_hash, is_system, kyc_status)
       VALUES ('detail-system@system.local', 'System', '!', true, 'approved') RETURNING id`,
    );
    expect((await suite.admin.get(`/admin/users/${system.id}`)).status).toBe(404);
    expect((await suite.admin.get(`/admin/users/${user.id}/orders${query({ limit: 0 })}`)).status).toBe(400);
  });
});
