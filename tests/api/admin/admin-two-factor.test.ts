import { query } from '../../support/back-office';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { codeAt, enableTwoFactor } from '../../support/two-factor';

/** ADMIN_REQUIRE_2FA=on: an administrator must turn two-factor on before anything else. */

const SETUP_FIRST = { status: 403, body: { detail: 'Administrators must turn on two-factor authentication first' } };

let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange({ ADMIN_REQUIRE_2FA: 'on' });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

const signInAdmin = () => loginAs(api, server.admin.email, server.admin.password);
const forgetAdminTwoFactor = () =>
  server.exchange.context.dataSource.query(
    'DELETE FROM two_factor WHERE user_id = (SELECT id FROM users WHERE email = $1)',
    [server.admin.email],
  );

describe('an administrator without two-factor', () => {
  beforeEach(forgetAdminTwoFactor);

  it('reaches who they are, their sessions, logout and the setup, and nothing else', async () => {
    const admin = await signInAdmin();
    expect((await admin.get('/auth/me')).body).toMatchObject({
      is_admin: true,
      two_factor_enabled: false,
      two_factor_setup_required: true,
    });
    expect(await admin.get('/admin/users')).toEqual(SETUP_FIRST);
    expect(await admin.get('/admin/stats')).toEqual(SETUP_FIRST);
    expect(await admin.get('/account/logins')).toEqual(SETUP_FIRST);
    expect((await admin.get('/account/sessions')).status).toBe(200);
    expect((await admin.get('/account/2fa')).status).toBe(200);
    expect((await admin.post('/auth/logout')).status).toBe(204);
    expect((await admin.get('/auth/me')).status).toBe(401);
  });

  it('hears nothing of the back office on its socket', async () => {
    const admin = await signInAdmin();
    const socket = await RecordingSocket.connect(server.url, admin.token);
    try {
      const trader = await registerTrader(api);
      expect((await trader.client.post(`/deposit/request${query({ amount: 5 })}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(socket.events.filter((e) => e.event === 'admin:update')).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('reaches everything once two-factor is on, with the same token, and then logs in with a code', async () => {
    const admin = await signInAdmin();
    const { secret, step } = await enableTwoFactor(admin);
    expect((await admin.get('/admin/users')).status).toBe(200);
    expect((await admin.get('/auth/me')).body).toMatchObject({
      two_factor_enabled: true,
      two_factor_setup_required: false,
    });
    const login = (totp?: string) => api.post('/auth/login', { ...server.admin, ...(totp ? { totp } : {}) });
    expect(await login()).toEqual({
      status: 401,
      body: { detail: 'Two-factor code required', two_factor_required: true },
    });
    const signedIn = await login(await codeAt(secret, step + 1));
    expect(signedIn.status).toBe(200);
    const socket = await RecordingSocket.connect(server.url, signedIn.body.token);
    try {
      const trader = await registerTrader(api);
      expect((await trader.client.post(`/deposit/request${query({ amount: 5 })}`)).status).toBe(200);
      await socket.next('admin:update', (data) => data.kind === 'deposit');
    } finally {
      socket.close();
    }
  });
});

it('asks nothing new of traders', async () => {
  const trader = await registerTrader(api);
  expect((await trader.client.get('/auth/me')).body.two_factor_setup_required).toBe(false);
  expect((await trader.client.get('/user/balance')).status).toBe(200);
});
