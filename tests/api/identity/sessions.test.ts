import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { resolveJwtSecret } from '../../../server/identity/auth/jwt-secret';
import { TokenService } from '../../../server/identity/auth/tokens';
import { query, useBackOfficeExchange } from '../../support/back-office';
import { eventually } from '../../support/eventually';
import { startExchangeProcess, type ExchangeProcess } from '../../support/exchange-process';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';
import { severalProcesses } from '../../support/test-exchange';

/** Every token names a server-side session: it works while the session lives, and any device can end any other. */

const SESSION_ENDED = { status: 401, body: { detail: 'Session ended, please log in again' } };

const suite = useBackOfficeExchange();

/** Signs in from a device that calls itself `userAgent`. */
async function loginFrom(email: string, password: string, userAgent: string) {
  const response = await suite.api.request('POST', '/auth/login', {
    body: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return suite.api.withToken(response.body.token);
}

const sessionsOf = async (client: ApiClient) => {
  const response = await client.get('/account/sessions');
  expect(response.status).toBe(200);
  return response.body as Array<{ id: string; current: boolean; user_agent: string; ip: string }>;
};
const currentSessionOf = async (client: ApiClient) => (await sessionsOf(client)).find((s) => s.current)!.id;

/** Placing an order reads no user per request: its session is checked from what the process last read of it. */
const XRP_BID = { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 2.5 };
/** A trader without KYC: their order is refused by its round (400) when the session is live, and never placed. */
const placeOrder = (client: ApiClient) => client.post('/trading/order', XRP_BID);
const KYC_REFUSAL = { status: 400, body: { detail: 'KYC must be approved to trade' } };

describe('a login starts a session', () => {
  it('lists the account sessions with when, where from and which device, the caller marked current', async () => {
    const { email, password, client: registered } = await registerTrader(suite.api);
    const laptop = await loginFrom(email, password, 'Laptop/1.0');
    const phone = await loginFrom(email, password, 'Phone/2.0');

    const seenByLaptop = await sessionsOf(laptop);
    expect(seenByLaptop).toHaveLength(3);
    for (const session of seenByLaptop)
      expect(session).toEqual({
        id: expect.any(String),
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
        ip: '127.0.0.1',
        user_agent: expect.any(String),
        current: expect.any(Boolean),
      });
    expect(seenByLaptop.filter((s) => s.current).map((s) => s.user_agent)).toEqual(['Laptop/1.0']);
    expect((await sessionsOf(phone)).filter((s) => s.current).map((s) => s.user_agent)).toEqual(['Phone/2.0']);
    expect((await sessionsOf(registered)).filter((s) => s.current)).toHaveLength(1);
    expect(new Set(seenByLaptop.map((s) => s.id)).size).toBe(3);
  });

  it("shows nobody another account's sessions", async () => {
    const mine = await registerTrader(suite.api);
    const theirs = await registerTrader(suite.api);
    const theirIds = (await sessionsOf(theirs.client)).map((s) => s.id);
    expect((await sessionsOf(mine.client)).map((s) => s.id)).not.toContain(theirIds[0]);
  });

  it("moves a session's last seen as it is used, at most once a minute", async () => {
    const { client } = await registerTrader(suite.api);
    const id = await currentSessionOf(client);
    const { dataSource } = suite.server.exchange.context;
    await dataSource.query("UPDATE sessions SET last_seen_at = now() - interval '5 minutes' WHERE id = $1", [id]);
    const [before] = await dataSource.query('SELECT last_seen_at FROM sessions WHERE id = $1', [id]);
    expect((await client.get('/user/balance')).status).toBe(200);
    const moved = await eventually(async () => {
      const [row] = await dataSource.query('SELECT last_seen_at FROM sessions WHERE id = $1', [id]);
      return row.last_seen_at > before.last_seen_at ? row.last_seen_at : undefined;
    });
    expect(Date.now() - new Date(moved).getTime()).toBeLessThan(60_000);
  });

  it('no longer lists a session whose token has expired, and sweeps it at the next login', async () => {
    const { client, email, password } = await registerTrader(suite.api);
    const expired = await currentSessionOf(client);
    const { dataSource } = suite.server.exchange.context;
    await dataSource.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [expired]);
    const other = await loginAs(suite.api, email, password);
    expect((await sessionsOf(other)).map((s) => s.id)).not.toContain(expired);
    expect(await dataSource.query('SELECT id FROM sessions WHERE id = $1', [expired])).toEqual([]);
  });
});

describe('ending a session', () => {
  it('from another session stops its token at once, on every route, and leaves the others working', async () => {
    const { email, password } = await registerTrader(suite.api);
    const laptop = await loginFrom(email, password, 'Laptop/1.0');
    const phone = await loginFrom(email, password, 'Phone/2.0');
    // The order route has just seen the phone's session live.
    expect(await placeOrder(phone)).toEqual(KYC_REFUSAL);

    const phoneSession = await currentSessionOf(phone);
    expect((await laptop.delete(`/account/sessions/${phoneSession}`)).status).toBe(204);

    // The order route first: it hears of the end from the process that ended it, before any read.
    expect(await placeOrder(phone)).toEqual(SESSION_ENDED);
    expect(await phone.get('/user/balance')).toEqual(SESSION_ENDED);
    expect(await phone.get('/auth/me')).toEqual(SESSION_ENDED);
    expect((await laptop.get('/user/balance')).status).toBe(200);
    expect(await placeOrder(laptop)).toEqual(KYC_REFUSAL);
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(phoneSession);
  });

  it('of another account is not found, and theirs goes on', async () => {
    const mine = await registerTrader(suite.api);
    const theirs = await registerTrader(suite.api);
    const theirSession = await currentSessionOf(theirs.client);
    expect(await mine.client.delete(`/account/sessions/${theirSession}`)).toEqual({
      status: 404,
      body: { detail: 'Session not found' },
    });
    expect((await theirs.client.get('/user/balance')).status).toBe(200);
    expect((await mine.client.delete('/account/sessions/not-a-session')).status).toBe(400);
  });

  it('by logging out ends only the caller, whose token then gets 401', async () => {
    const { client, email, password } = await registerTrader(suite.api);
    const other = await loginAs(suite.api, email, password);
    expect((await client.post('/auth/logout')).status).toBe(204);
    expect(await client.get('/auth/me')).toEqual(SESSION_ENDED);
    expect(await client.post('/auth/logout')).toEqual(SESSION_ENDED);
    expect((await other.get('/auth/me')).status).toBe(200);
    expect(await sessionsOf(other)).toHaveLength(1);
  });

  it("closes that session's sockets, and only that session's", async () => {
    const { email, password } = await registerTrader(suite.api);
    const ended = await loginAs(suite.api, email, password);
    const kept = await loginAs(suite.api, email, password);
    const endedSocket = await RecordingSocket.connect(suite.server.url, ended.token);
    const keptSocket = await RecordingSocket.connect(suite.server.url, kept.token);
    try {
      const closed = endedSocket.closedByServer();
      expect((await kept.delete(`/account/sessions/${await currentSessionOf(ended)}`)).status).toBe(204);
      expect(await closed).toBe('io server disconnect');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(keptSocket.socket.connected).toBe(true);
    } finally {
      endedSocket.close();
      keptSocket.close();
    }
  });

  it('by suspending the account ends every session of it; activating it again brings none back', async () => {
    const admin = suite.admin;
    const { client, user, email, password } = await registerTrader(suite.api);
    const other = await loginAs(suite.api, email, password);
    const { dataSource } = suite.server.exchange.context;
    expect(await dataSource.query('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(2);

    expect((await admin.post(`/admin/user/suspend${query({ user_id: user.id })}`)).status).toBe(200);
    expect(await dataSource.query('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
    expect((await admin.post(`/admin/user/activate${query({ user_id: user.id })}`)).status).toBe(200);
    expect(await client.get('/auth/me')).toEqual(SESSION_ENDED);
    expect(await other.get('/auth/me')).toEqual(SESSION_ENDED);
    expect((await (await loginAs(suite.api, email, password)).get('/auth/me')).status).toBe(200);
  });
});

describe('a session ended by another process', () => {
  it('is refused at once by the routes that read the user, and by the order route within about a second even when no bus message comes', async () => {
    const { client } = await registerTrader(suite.api);
    const id = await currentSessionOf(client);
    // The order route has just seen the session live.
    expect(await placeOrder(client)).toEqual(KYC_REFUSAL);
    // What another process does when it ends a session, without its message on the bus.
    await suite.server.exchange.context.dataSource.query('DELETE FROM sessions WHERE id = $1', [id]);
    await eventually(async () => ((await placeOrder(client)).status === 401 ? true : undefined), 3000);
    expect(await placeOrder(client)).toEqual(SESSION_ENDED);
    expect(await client.get('/user/balance')).toEqual(SESSION_ENDED);
  });
});

describe('tokens', () => {
  it('without a session, or naming a session that does not exist, are refused', async () => {
    const { config } = suite.server.exchange.context;
    const secret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
    const { user } = await registerTrader(suite.api);
    const withoutSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('exchange')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    expect(await suite.api.withToken(withoutSession).get('/auth/me')).toEqual({
      status: 401,
      body: { detail: 'Invalid or expired token' },
    });
    const unknownSession = await new TokenService(secret, config.JWT_TTL).issue({
      userId: user.id,
      sessionId: randomUUID(),
    });
    expect(await suite.api.withToken(unknownSession).get('/auth/me')).toEqual(SESSION_ENDED);
    expect(await placeOrder(suite.api.withToken(unknownSession))).toEqual(SESSION_ENDED);
  });
});

(severalProcesses ? describe : describe.skip)('two server processes on one database and one Redis', () => {
  let database: FreshDatabase;
  const running: ExchangeProcess[] = [];

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'sessions');
    const env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: process.env.REDIS_URL!,
      CLUSTER: 'on',
      JWT_SECRET: 'sessions-test-secret-of-at-least-32-chars',
    };
    running.push(await startExchangeProcess(env), await startExchangeProcess(env));
  }, 120_000);
  afterAll(async () => {
    for (const exchange of running) await exchange.kill('SIGKILL');
    await database?.drop();
  });

  it('a session ended through one is refused by the other, whose sockets of it close', async () => {
    const [first, second] = running as [ExchangeProcess, ExchangeProcess];
    const { email, password } = await registerTrader(new ApiClient(first.url));
    const ended = await loginAs(new ApiClient(first.url), email, password);
    const kept = await loginAs(new ApiClient(first.url), email, password);
    const endedThere = new ApiClient(second.url, ended.token);
    expect(await placeOrder(endedThere)).toEqual(KYC_REFUSAL);
    const socket = await RecordingSocket.connect(second.url, ended.token);
    try {
      const closed = socket.closedByServer(10_000);
      expect((await kept.delete(`/account/sessions/${await currentSessionOf(ended)}`)).status).toBe(204);
      // Closing it took the bus's message to the other process.
      expect(await closed).toBe('io server disconnect');
      expect(await placeOrder(endedThere)).toEqual(SESSION_ENDED);
      expect(await endedThere.get('/auth/me')).toEqual(SESSION_ENDED);
      expect((await new ApiClient(second.url, kept.token).get('/auth/me')).status).toBe(200);
    } finally {
      socket.close();
    }
  });
});
