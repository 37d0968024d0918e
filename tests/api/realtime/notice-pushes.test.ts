import { query } from '../../support/back-office';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { startClusterProcess, type ExchangeProcess } from '../../support/exchange-process';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { startTestExchange, type TestExchange, severalProcesses as clustered } from '../../support/test-exchange';

/**
 * What open pages are told of changes made elsewhere: the venue's bank accounts, a new user (the
 * administrators' counters), a suspension (the suspended trader's pages). Checked on one process,
 * and on two (CLUSTER=on), the change made through one and heard through the other.
 */

jest.setTimeout(120_000);

interface Venue {
  /** Where the administrator acts. */
  actUrl: string;
  /** Where the sockets listening are connected. */
  listenUrl: string;
  admin: { email: string; password: string };
}

/** Time for a message that would wrongly arrive to arrive, after the one that must have arrived did. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

function describePushes(venue: () => Venue) {
  const sockets: RecordingSocket[] = [];
  const connect = async (token?: string) => {
    const socket = await RecordingSocket.connect(venue().listenUrl, token);
    sockets.push(socket);
    return socket;
  };
  const admin = () => loginAs(new ApiClient(venue().actUrl), venue().admin.email, venue().admin.password);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it('a bank account added, deactivated or deleted is pushed to every socket, signed in or not', async () => {
    const trader = await registerTrader(new ApiClient(venue().listenUrl));
    const traderSocket = await connect(trader.client.token);
    const visitorSocket = await connect();
    const administrator = await admin();
    const changes = () => visitorSocket.events.filter((e) => e.event === 'bank-accounts').length;

    const created = await administrator.post('/admin/bank-account', {
      bank_name: 'Push Bank',
      account_number: '0001',
      account_holder: 'Venue Ltd',
    });
    expect(created.status).toBe(200);
    await traderSocket.next('bank-accounts');
    await visitorSocket.next('bank-accounts');
    expect((await administrator.post(`/admin/bank-account/${created.body.id}/toggle`)).status).toBe(200);
    expect((await administrator.delete(`/admin/bank-account/${created.body.id}`)).status).toBe(200);
    for (const socket of [traderSocket, visitorSocket])
      await socket.next('bank-accounts', () => socket.events.filter((e) => e.event === 'bank-accounts').length === 3);
    expect(changes()).toBe(3);

    // A refused change (no such account) changes nothing and tells no one.
    expect((await administrator.delete(`/admin/bank-account/${created.body.id}`)).status).toBe(404);
    await settle();
    expect(changes()).toBe(3);
  });

  it('a registration tells the administrators, and no trader', async () => {
    const trader = await registerTrader(new ApiClient(venue().listenUrl));
    const traderSocket = await connect(trader.client.token);
    const adminSocket = await connect((await admin()).token);

    const newcomer = await registerTrader(new ApiClient(venue().actUrl), 'New Comer');
    await adminSocket.next('admin:update', (data) => data.kind === 'user');
    const users = await (await admin()).get('/admin/users?limit=50');
    expect(users.body.map((user: { id: string }) => user.id)).toContain(newcomer.user.id);
    await settle();
    expect(traderSocket.events.filter((e) => e.event === 'admin:update')).toEqual([]);
  });

  it("a suspension reaches the trader's sockets just before they close, and no one else's", async () => {
    const suspended = await registerTrader(new ApiClient(venue().listenUrl), 'Soon Suspended');
    const bystander = await registerTrader(new ApiClient(venue().listenUrl), 'Bystander');
    const socket = await connect(suspended.client.token);
    const bystanderSocket = await connect(bystander.client.token);
    const closed = socket.closedByServer();

    const answer = await (await admin()).post(`/admin/user/suspend${query({ user_id: suspended.user.id })}`);
    expect(answer.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(socket.events.map((e) => e.event)).toContain('suspended');
    await settle();
    expect(bystanderSocket.events.filter((e) => e.event === 'suspended')).toEqual([]);
    expect(bystanderSocket.socket.connected).toBe(true);
  });
}

describe('one process', () => {
  let server: TestExchange;
  beforeAll(async () => {
    server = await startTestExchange();
  });
  afterAll(() => server.close());

  describePushes(() => ({ actUrl: server.url, listenUrl: server.url, admin: server.admin }));
});

(clustered ? describe : describe.skip)(
  'two processes (CLUSTER=on): changed through one, heard through the other',
  () => {
    const admin = { email: 'push-admin@test.local', password: 'admin-password-123' };
    let database: FreshDatabase;
    let first: ExchangeProcess;
    let second: ExchangeProcess;

    beforeAll(async () => {
      database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'notice_pushes');
      const env = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
      first = await startClusterProcess(database.url, env);
      second = await startClusterProcess(database.url, env);
    });
    afterAll(async () => {
      for (const exchange of [first, second]) await exchange?.kill('SIGKILL');
      await database?.drop();
    });

    describePushes(() => ({ actUrl: first.url, listenUrl: second.url, admin }));
  },
);
