import { signInAdmin } from '../../support/back-office';
import { createApiKey, signedCall } from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

/** A trader's API keys through the web API: created with a secret shown once, listed without it, revoked at once. */

let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange();
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

const account = (key: { api_key: string; secret: string }) => signedCall(server.url, key, 'GET', '/account');

describe('creating a key', () => {
  it('answers 201 with the key and its secret, 64 letters and digits each; the list never shows the secret again', async () => {
    const { client } = await registerTrader(api);
    const created = await client.post('/account/api-keys', {
      label: '  Grid bot ',
      permissions: ['read', 'trade'],
      ip_allowlist: ['203.0.113.7', '2001:DB8:0:0::1', '203.0.113.7'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      label: 'Grid bot',
      api_key: expect.stringMatching(/^[A-Za-z0-9]{64}$/),
      secret: expect.stringMatching(/^[A-Za-z0-9]{64}$/),
      permissions: ['read', 'trade'],
      // Each address once, IPv6 in its canonical spelling.
      ip_allowlist: ['203.0.113.7', '2001:db8::1'],
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(created.body.secret).not.toBe(created.body.api_key);

    const listed = await client.get('/account/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ ...created.body, secret: undefined }]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
  });

  it('keeps the secret encrypted: the database holds neither the secret nor anything that opens without the key', async () => {
    const { client, user } = await registerTrader(api);
    const key = await createApiKey(client);
    const rows: Array<Record<string, unknown>> = await server.exchange.context.dataSource.query(
      'SELECT * FROM api_keys WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(key.secret);
    expect(stored).not.toContain(Buffer.from(key.secret).toString('base64'));
    expect(stored).not.toContain(Buffer.from(key.secret).toString('base64url'));
    expect(stored).not.toContain(Buffer.from(key.secret).toString('hex'));
    // The sealed value is bound to its row: copied to another key, it opens there no more.
    const other = await createApiKey(client, { label: 'other', permissions: ['read'] });
    await server.exchange.context.dataSource.query('UPDATE api_keys SET sealed_secret = $1 WHERE id = $2', [
      rows[0]!.sealed_secret,
      other.id,
    ]);
    expect((await account(key)).status).toBe(200);
    expect(await account({ api_key: other.api_key, secret: key.secret })).toMatchObject({
      status: 401,
      body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
    });
  });

  it('gives each key a read permission, and trading only when asked', async () => {
    const { client } = await registerTrader(api);
    const readOnly = await createApiKey(client, { label: 'watcher', permissions: ['read'] });
    expect(readOnly.permissions).toEqual(['read']);
    expect(readOnly.ip_allowlist).toEqual([]);
  });

  it.each([
    [{ permissions: ['read'] }, 'Please enter a label'],
    [{ label: '   ', permissions: ['read'] }, 'Please enter a label'],
    [{ label: 'x'.repeat(65), permissions: ['read'] }, 'Label must be at most 64 characters'],
    [{ label: 'bot' }, 'Permissions must be ["read"] or ["read", "trade"]'],
    [{ label: 'bot', permissions: [] }, 'Permissions must be ["read"] or ["read", "trade"]'],
    [{ label: 'bot', permissions: ['trade'] }, 'Permissions must be ["read"] or ["read", "trade"]'],
    [{ label: 'bot', permissions: ['read', 'read'] }, 'Permissions must be ["read"] or ["read", "trade"]'],
    [{ label: 'bot', permissions: ['read', 'withdraw'] }, 'Permissions must be ["read"] or ["read", "trade"]'],
    [
      { label: 'bot', permissions: ['read'], ip_allowlist: ['10.0.0.256'] },
      'Each allowed address must be an IPv4 or IPv6 address',
    ],
    [
      { label: 'bot', permissions: ['read'], ip_allowlist: ['10.0.0.0/8'] },
      'Each allowed address must be an IPv4 or IPv6 address',
    ],
    [
      { label: 'bot', permissions: ['read'], ip_allowlist: ['fe80::1%eth0'] },
      'Each allowed address must be an IPv4 or IPv6 address',
    ],
    [
      { label: 'bot', permissions: ['read'], ip_allowlist: ['example.com'] },
      'Each allowed address must be an IPv4 or IPv6 address',
    ],
    [
      { label: 'bot', permissions: ['read'], ip_allowlist: Array.from({ length: 31 }, (_, i) => `10.0.0.${i}`) },
      'At most 30 allowed addresses',
    ],
  ])('refuses %j with 400: %s', async (body, detail) => {
    const { client } = await registerTrader(api);
    const response = await client.post('/account/api-keys', body);
    expect(response).toEqual({ status: 400, body: { detail } });
    expect((await client.get('/account/api-keys')).body).toEqual([]);
  });

  it('allows 30 keys in use at once, even when asked for all at the same moment; a revoked one makes room', async () => {
    const { client } = await registerTrader(api);
    const answers = await Promise.all(
      Array.from({ length: 34 }, (_, i) =>
        client.post('/account/api-keys', { label: `bot ${i}`, permissions: ['read'] }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.body)).toEqual(
      Array(4).fill({ detail: 'You can have at most 30 API keys: revoke one you no longer use' }),
    );
    const keys = (await client.get('/account/api-keys')).body as Array<{ id: string }>;
    expect(keys).toHaveLength(30);
    expect((await client.delete(`/account/api-keys/${keys[0]!.id}`)).status).toBe(200);
    expect((await client.post('/account/api-keys', { label: 'again', permissions: ['read'] })).status).toBe(201);
  });

  it('is for traders: an administrator gets 403 and no key, an anonymous caller 401', async () => {
    const admin = await signInAdmin(server);
    expect(await admin.post('/account/api-keys', { label: 'ops', permissions: ['read'] })).toEqual({
      status: 403,
      body: { detail: 'Administrators cannot use trader functions' },
    });
    expect((await admin.get('/account/api-keys')).status).toBe(403);
    expect((await api.post('/account/api-keys', { label: 'x', permissions: ['read'] })).status).toBe(401);
    expect((await api.get('/account/api-keys')).status).toBe(401);
    const [{ count }] = await server.exchange.context.dataSource.query(
      'SELECT count(*)::int AS count FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.is_admin',
    );
    expect(count).toBe(0);
  });
});

describe('listing and revoking', () => {
  it("lists only the caller's keys, newest first", async () => {
    const alice = await registerTrader(api);
    const bob = await registerTrader(api);
    const first = await createApiKey(alice.client, { label: 'first', permissions: ['read'] });
    const second = await createApiKey(alice.client, { label: 'second', permissions: ['read', 'trade'] });
    await createApiKey(bob.client, { label: 'bob', permissions: ['read'] });
    const listed = (await alice.client.get('/account/api-keys')).body as Array<{ id: string }>;
    expect(listed.map((key) => key.id)).toEqual([second.id, first.id]);
  });

  it('revokes at once: the next signed request is refused, the key leaves the list, a second revocation is 404', async () => {
    const { client } = await registerTrader(api);
    const key = await createApiKey(client);
    expect((await account(key)).status).toBe(200);
    const revoked = await client.delete(`/account/api-keys/${key.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: key.id, api_key: key.api_key });
    expect(revoked.body.secret).toBeUndefined();
    expect(await account(key)).toMatchObject({
      status: 401,
      body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
    });
    expect((await client.get('/account/api-keys')).body).toEqual([]);
    expect(await client.delete(`/account/api-keys/${key.id}`)).toEqual({
      status: 404,
      body: { detail: 'API key not found' },
    });
  });

  it("never reaches another user's key: revoking it is 404 and it keeps working", async () => {
    const owner = await registerTrader(api);
    const other = await registerTrader(api);
    const key = await createApiKey(owner.client);
    expect(await other.client.delete(`/account/api-keys/${key.id}`)).toEqual({
      status: 404,
      body: { detail: 'API key not found' },
    });
    expect((await account(key)).status).toBe(200);
    expect((await other.client.delete('/account/api-keys/not-an-id')).status).toBe(400);
  });

  it('shows when a key was last used: null until its first use, then the time of a use, written off the request', async () => {
    const { client } = await registerTrader(api);
    const key = await createApiKey(client);
    expect((await client.get('/account/api-keys')).body[0].last_used_at).toBeNull();
    const before = Date.now();
    expect((await account(key)).status).toBe(200);
    const lastUsed = await eventually(
      async () => {
        const [listed] = (await client.get('/account/api-keys')).body;
        return listed.last_used_at === null ? undefined : Date.parse(listed.last_used_at);
      },
      15_000,
      'last_used_at written',
    );
    expect(lastUsed).toBeGreaterThanOrEqual(before - 1000);
    expect(lastUsed).toBeLessThanOrEqual(Date.now());
  });
});
