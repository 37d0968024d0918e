import { User } from '../../../server/identity/auth/user.entity';
import { fixtureBase64, query, signInAdmin } from '../../support/back-office';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

let server: TestExchange;
let callers: Record<Role, ApiClient>;
let owner: Awaited<ReturnType<typeof registerTrader>>;
/** Suspended and reactivated by the matrix: a suspension ends a trader's sessions, so not a caller of it. */
let target: Awaited<ReturnType<typeof registerTrader>>;
let ids: { deposit: string; withdrawal: string; kyc: string; bankAccount: string; apiKey: string };

type Role = 'anonymous' | 'trader' | 'otherTrader' | 'suspended' | 'admin';
type Access = 'public' | 'user' | 'trader' | 'admin';

beforeAll(async () => {
  server = await startTestExchange();
  const api = new ApiClient(server.url);
  const admin = await signInAdmin(server);
  owner = await registerTrader(api, 'Owner');
  const other = await registerTrader(api, 'Other');
  const suspended = await registerTrader(api, 'Suspended');
  target = await registerTrader(api, 'Target');
  await server.exchange.context.dataSource.getRepository(User).update(suspended.user.id, { is_active: false });
  callers = { anonymous: api, trader: owner.client, otherTrader: other.client, suspended: suspended.client, admin };

  const deposit = await owner.client.post(`/deposit/request${query({ amount: 100 })}`);
  await admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
  const pendingDeposit = await owner.client.post(`/deposit/request${query({ amount: 1 })}`);
  const withdrawal = await owner.client.post(`/withdraw/request${query({ amount: 1 })}`);
  const kyc = await owner.client.post('/kyc/submit', {
    document_type: 'passport',
    document_data: fixtureBase64('id-card.png'),
  });
  const bankAccount = await admin.post('/admin/bank-account', {
    bank_name: 'B',
    account_number: '1',
    account_holder: 'H',
  });
  const apiKey = await owner.client.post('/account/api-keys', { label: 'bot', permissions: ['read'] });
  ids = {
    deposit: pendingDeposit.body.id,
    withdrawal: withdrawal.body.id,
    kyc: kyc.body.id,
    bankAccount: bankAccount.body.id,
    apiKey: apiKey.body.id,
  };
});
afterAll(() => server.close());

/** Every route of accounts, funding, KYC, API keys, bank accounts and admin (markets too), with who may call it. */
const routes = (): Array<{ access: Access; method: string; path: string; body?: unknown }> => [
  { access: 'public', method: 'GET', path: '/bank-accounts' },
  { access: 'trader', method: 'GET', path: '/user/balance' },
  { access: 'trader', method: 'GET', path: '/user/assets' },
  { access: 'trader', method: 'GET', path: '/account/assets' },
  { access: 'trader', method: 'GET', path: '/deposit/reference' },
  { access: 'trader', method: 'POST', path: '/deposit/request?amount=1' },
  { access: 'trader', method: 'GET', path: '/deposit/history' },
  { access: 'trader', method: 'POST', path: '/withdraw/request?amount=0.01' },
  { access: 'trader', method: 'GET', path: '/withdraw/history' },
  {
    access: 'trader',
    method: 'POST',
    path: '/kyc/submit',
    body: { document_type: 'passport', document_data: fixtureBase64('passport.pdf') },
  },
  { access: 'trader', method: 'GET', path: '/kyc/status' },
  { access: 'user', method: 'GET', path: '/auth/me' },
  { access: 'user', method: 'GET', path: '/account/sessions' },
  { access: 'user', method: 'GET', path: '/account/logins' },
  { access: 'user', method: 'GET', path: '/account/2fa' },
  { access: 'user', method: 'POST', path: '/account/2fa/setup' },
  { access: 'trader', method: 'POST', path: '/account/api-keys', body: { label: 'bot', permissions: ['read'] } },
  { access: 'trader', method: 'GET', path: '/account/api-keys' },
  { access: 'trader', method: 'DELETE', path: `/account/api-keys/${ids.apiKey}` },
  { access: 'admin', method: 'GET', path: '/admin/users' },
  { access: 'admin', method: 'GET', path: '/admin/deposits' },
  { access: 'admin', method: 'GET', path: '/admin/withdrawals' },
  { access: 'admin', method: 'GET', path: '/admin/kyc' },
  { access: 'admin', method: 'GET', path: `/admin/kyc/${ids.kyc}/document` },
  { access: 'admin', method: 'GET', path: '/admin/bank-accounts' },
  { access: 'admin', method: 'GET', path: '/admin/stats' },
  { access: 'admin', method: 'GET', path: '/admin/audit' },
  { access: 'admin', method: 'GET', path: '/admin/ledger/check' },
  { access: 'admin', method: 'POST', path: `/admin/user/suspend${query({ user_id: target.user.id })}` },
  { access: 'admin', method: 'POST', path: `/admin/user/activate${query({ user_id: target.user.id })}` },
  { access: 'admin', method: 'POST', path: `/admin/deposit/approve${query({ deposit_id: ids.deposit })}` },
  { access: 'admin', method: 'POST', path: `/admin/deposit/reject${query({ deposit_id: ids.deposit })}` },
  { access: 'admin', method: 'POST', path: `/admin/withdrawal/approve${query({ withdrawal_id: ids.withdrawal })}` },
  { access: 'admin', method: 'POST', path: `/admin/withdrawal/reject${query({ withdrawal_id: ids.withdrawal })}` },
  { access: 'admin', method: 'POST', path: `/admin/kyc/approve${query({ kyc_id: ids.kyc })}` },
  { access: 'admin', method: 'POST', path: `/admin/kyc/reject${query({ kyc_id: ids.kyc })}` },
  {
    access: 'admin',
    method: 'POST',
    path: '/admin/bank-account',
    body: { bank_name: 'B', account_number: '2', account_holder: 'H' },
  },
  { access: 'admin', method: 'POST', path: `/admin/bank-account/${ids.bankAccount}/toggle` },
  { access: 'admin', method: 'DELETE', path: `/admin/bank-account/${ids.bankAccount}` },
  // Refused for what they carry even when an admin calls: test files share the markets.
  { access: 'admin', method: 'GET', path: '/admin/markets' },
  { access: 'admin', method: 'POST', path: '/admin/markets', body: {} },
  { access: 'admin', method: 'PATCH', path: '/admin/markets/NOPEUSDT', body: { status: 'halted' } },
];

/** The status a caller must get when they may not call the route; null when they may. */
function refusal(access: Access, role: Role): number | null {
  if (access === 'public') return null;
  if (role === 'anonymous') return 401;
  if (role === 'suspended') return 403;
  if (access === 'user') return null;
  if (access === 'trader') return role === 'admin' ? 403 : null;
  return role === 'admin' ? null : 403;
}

const ROLES: Role[] = ['anonymous', 'suspended', 'otherTrader', 'trader', 'admin'];

describe('who may call what', () => {
  it('refuses anonymous callers (401), suspended users (403), admins on trader routes and traders on admin routes (403); any account reaches its own', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    // Allowed callers go last, so refused calls are tried while the items are still pending.
    for (const role of ROLES) {
      for (const { access, method, path, body } of routes()) {
        const response = await callers[role].request(method, path, { body });
        const refused = refusal(access, role);
        const got =
          refused ??
          (response.status === 401 || response.status === 403 || response.status >= 500 ? response.status : 'allowed');
        outcomes.push(`${role} ${method} ${path.split('?')[0]} -> ${got}`);
        expected.push(`${role} ${method} ${path.split('?')[0]} -> ${refused ?? 'allowed'}`);
        if (refused !== null) {
          expect(response.status).toBe(refused);
          expect(response.body).toEqual({ detail: expect.any(String) });
        }
      }
    }
    expect(outcomes).toEqual(expected);
  });
});

describe("nobody sees another trader's items", () => {
  it("another trader's histories and KYC status are their own", async () => {
    const other = callers.otherTrader;
    const ownerDeposits = (await owner.client.get('/deposit/history')).body as Array<{ id: string }>;
    expect(ownerDeposits.length).toBeGreaterThan(0);
    const otherDeposits = (await other.get('/deposit/history')).body as Array<{ id: string }>;
    expect(otherDeposits.map((d) => d.id)).not.toContain(ids.deposit);
    const otherWithdrawals = (await other.get('/withdraw/history')).body as Array<{ id: string }>;
    expect(otherWithdrawals.map((w) => w.id)).not.toContain(ids.withdrawal);
  });
});
