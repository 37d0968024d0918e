import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { User } from '../../../server/identity/auth/user.entity';
import { ApiClient, loginAs, registerTrader, uniqueEmail } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange();
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

describe('registration', () => {
  it('creates a trader, answers a token and the user, and /auth/me knows them', async () => {
    const email = uniqueEmail();
    const response = await api.post('/auth/register', { email, password: 'amber-kettle-42', full_name: 'Ann Trader' });
    expect(response.status).toBe(200);
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.body.user).toMatchObject({
      email,
      full_name: 'Ann Trader',
      is_admin: false,
      is_active: true,
      kyc_status: 'pending',
      balance: 0,
    });
    expect(response.body.user).not.toHaveProperty('password_hash');
    const me = await api.withToken(response.body.token).get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ ...response.body.user });
    expect(Object.keys(me.body).sort()).toEqual([
      'balance',
      'created_at',
      'email',
      'full_name',
      'id',
      'is_active',
      'is_admin',
      'kyc_status',
      'two_factor_enabled',
      'two_factor_setup_required',
    ]);
  });

  it('trims and lower-cases the e-mail, and refuses the same address twice whatever its case', async () => {
    const email = uniqueEmail();
    const first = await api.post('/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: 'amber-kettle-42',
      full_name: 'Bo',
    });
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(email);
    const again = await api.post('/auth/register', { email, password: 'other-password', full_name: 'Bo 2' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Email already registered' });
  });

  it('lets only one of many simultaneous registrations of one address through', async () => {
    const email = uniqueEmail();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.post('/auth/register', { email, password: 'amber-kettle-42', full_name: 'Racer' }),
      ),
    );
    expect(attempts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(attempts.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it.each([
    ['a missing e-mail', { password: 'amber-kettle-42', full_name: 'X' }],
    ['a missing password', { email: 'x@example.com', full_name: 'X' }],
    ['a missing name', { email: 'x@example.com', password: 'amber-kettle-42' }],
    ['an e-mail that is not one', { email: 'not-an-email', password: 'amber-kettle-42', full_name: 'X' }],
    ['a number for a name', { email: 'x@example.com', password: 'amber-kettle-42', full_name: 42 }],
    ['a short password', { email: 'x@example.com', password: 'short', full_name: 'X' }],
    ['an oversized name', { email: 'x@example.com', password: 'amber-kettle-42', full_name: 'x'.repeat(10_000) }],
    ['an oversized password', { email: 'x@example.com', password: 'p'.repeat(10_000), full_name: 'X' }],
    ['an oversized e-mail', { email: `${'a'.repeat(300)}@example.com`, password: 'amber-kettle-42', full_name: 'X' }],
    ['an array body', ['email', 'password']],
  ])('refuses %s with 400 and a detail', async (_case, body) => {
    const response = await api.post('/auth/register', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await api.request('POST', '/auth/register', { rawBody: '{"email": "a@b.c",' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Malformed request body' });
  });
});

describe('login', () => {
  it('signs in with the e-mail in any case and answers {token, user}', async () => {
    const { email, password, user } = await registerTrader(api, 'Cleo');
    const response = await api.post('/auth/login', { email: ` ${email.toUpperCase()}`, password });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, is_admin: false });
    const me = await api.withToken(response.body.token).get('/auth/me');
    expect(me.body.id).toBe(user.id);
  });

  it('gives one message for a wrong password and an unknown e-mail', async () => {
    const { email } = await registerTrader(api);
    const wrongPassword = await api.post('/auth/login', { email, password: 'wrong-password' });
    const unknownEmail = await api.post('/auth/login', { email: uniqueEmail(), password: 'wrong-password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ detail: 'Incorrect email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('refuses a suspended account at login (403) and stops its existing token at once', async () => {
    const { client, email, password, user } = await registerTrader(api);
    expect((await client.get('/auth/me')).status).toBe(200);
    await server.exchange.context.dataSource.getRepository(User).update(user.id, { is_active: false });
    const me = await client.get('/auth/me');
    expect(me.status).toBe(403);
    expect(me.body).toEqual({ detail: 'Account suspended' });
    const login = await api.post('/auth/login', { email, password });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ detail: 'Account suspended' });
  });

  it('signs the configured administrator in with is_admin', async () => {
    const response = await api.post('/auth/login', server.admin);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: server.admin.email, is_admin: true });
  });

  it('refuses missing fields and wrong types with 400', async () => {
    for (const body of [
      {},
      { email: 'a@b.co' },
      { password: 'x' },
      { email: 5, password: 'x' },
      { email: 'a@b.co', password: ['x'] },
    ]) {
      const response = await api.post('/auth/login', body);
      expect(response.status).toBe(400);
      expect(response.body.detail).toEqual(expect.any(String));
    }
  });
});

describe('tokens', () => {
  const secret = () => readFileSync(path.join(server.exchange.context.config.DATA_DIR, 'jwt-secret'), 'utf8').trim();

  it('refuses a request without a token with 401', async () => {
    const response = await api.get('/auth/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Not authenticated' });
  });

  it('refuses a tampered token with 401', async () => {
    const { client } = await registerTrader(api);
    const [header, , signature] = client.token!.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'someone-else', iss: 'exchange' })).toString('base64url');
    const response = await api.withToken(`${header}.${forgedPayload}.${signature}`).get('/auth/me');
    expect(response.status).toBe(401);
  });

  it('refuses an expired token with 401', async () => {
    const { user } = await registerTrader(api);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('exchange')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret()));
    const response = await api.withToken(expired).get('/auth/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Invalid or expired token' });
  });

  it('refuses a token signed with another secret and a garbage header', async () => {
    const { user } = await registerTrader(api);
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('exchange')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await api.withToken(foreign).get('/auth/me')).status).toBe(401);
    const garbage = await api.request('GET', '/auth/me', { headers: { authorization: 'Basic abc' } });
    expect(garbage.status).toBe(401);
  });
});

describe('the API surface', () => {
  it('answers unknown routes with 404 and a detail', async () => {
    const response = await api.get('/no/such/route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found' });
  });

  it('reports database and bus health', async () => {
    const response = await api.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: { status: 'ok' }, bus: { status: 'ok' } });
    expect(response.body.bus.kind).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
  });

  it('describes every route in an OpenAPI 3.1 document', async () => {
    const response = await api.get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(
      response.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password', 'full_name']));
    expect(response.body.paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }]);
  });

  it('never answers arbitrary login or registration bodies with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.json(), fc.string()),
        fc.constantFrom('/auth/login', '/auth/register'),
        async (raw, path) => {
          const response = await api.request('POST', path, { rawBody: raw });
          expect(response.status).toBeLessThan(500);
          expect(response.body).toHaveProperty('detail');
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** These replace the shared server one at a time: embedded PGlite serves a single connection. */
describe('restarts and limits', () => {
  it('keeps users across a restart of the server', async () => {
    const { email, password } = await registerTrader(api, 'Persistent');
    await server.close();
    server = await startTestExchange();
    const client = await loginAs(new ApiClient(server.url), email, password);
    expect((await client.get('/auth/me')).body.full_name).toBe('Persistent');
  });

  it('answers 429 with a detail once a client exceeds the login limit', async () => {
    await server.close();
    server = await startTestExchange({ AUTH_RATE_LIMIT: '3', REDIS_URL: '' });
    const client = new ApiClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await client.post('/auth/login', { email: uniqueEmail(), password: 'whatever-1' })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const last = await client.post('/auth/register', {
      email: uniqueEmail(),
      password: 'whatever-1',
      full_name: 'Late',
    });
    expect(last.status).toBe(429);
    expect(last.body).toEqual({ detail: 'Too many attempts, please try again in a minute' });
  });
});
