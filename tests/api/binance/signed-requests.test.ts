import { createHmac, randomBytes } from 'node:crypto';
import { query, signInAdmin } from '../../support/back-office';
import {
  binanceCall,
  createApiKey,
  signedCall,
  type CreatedApiKey,
  type SignedOptions,
} from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange, onPostgres } from '../../support/test-exchange';

/**
 * Binance's SIGNED security on /api/v3, rule by rule, through GET /api/v3/account (USER_DATA), and
 * POST /api/v3/order/test (TRADE) where parameters travel in a body (a GET's is not read). The
 * exchange trusts X-Forwarded-For, so each test sends from an address of its own (its weight
 * counted apart) and the allowlist can be tried from several.
 */

let server: TestExchange;
let api: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestExchange({ TRUST_PROXY: 'on' });
  api = new ApiClient(server.url);
  admin = await signInAdmin(server);
});
afterAll(() => server.close());

let lastAddress = 0;
/** A client address of its own (TEST-NET-2): its weight is counted apart from the other tests'. */
const freshAddress = () => `198.51.100.${++lastAddress}`;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const REJECTED = { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' };
const BAD_SIGNATURE = { code: -1022, msg: 'Signature for this request is not valid.' };

async function traderKey(permissions = ['read', 'trade'], ip_allowlist?: string[]) {
  const trader = await registerTrader(api);
  const key = await createApiKey(trader.client, { label: 'bot', permissions, ip_allowlist });
  return { ...trader, key };
}

function account(key: Pick<CreatedApiKey, 'api_key' | 'secret'>, params = {}, options: SignedOptions = {}) {
  return signedCall(server.url, key, 'GET', '/account', params, {
    ...options,
    headers: { 'x-forwarded-for': freshAddress(), ...options.headers },
  });
}

const ORDER = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '1000' };
/** POST order/test (checks an order, places nothing), its parameters in the body unless `options` say otherwise. */
const testOrder = (key: Pick<CreatedApiKey, 'api_key' | 'secret'>, options: SignedOptions = {}) =>
  signedCall(server.url, key, 'POST', '/order/test', ORDER, {
    placement: 'body',
    ...options,
    headers: { 'x-forwarded-for': freshAddress(), ...options.headers },
  });

describe('a signed request is accepted', () => {
  let key: CreatedApiKey;
  beforeAll(async () => {
    ({ key } = await traderKey());
  });

  it.each(['query', 'body', 'split'] as const)('with its parameters in the %s', async (placement) => {
    expect(await testOrder(key, { placement })).toMatchObject({ status: 200, body: {} });
  });

  it('with the signature in upper-case hex digits', async () => {
    const timestamp = Date.now();
    const upper = hmac(key.secret, `timestamp=${timestamp}`).toUpperCase();
    expect((await account(key, {}, { timestamp, signature: upper })).status).toBe(200);
  });

  it('taking a parameter sent in both the query string and the body from the query string', async () => {
    const timestamp = Date.now();
    const queryText = `computeCommissionRates=true&timestamp=${timestamp}`;
    const bodyText = `${new URLSearchParams(ORDER).toString()}&computeCommissionRates=false`;
    const signature = hmac(key.secret, queryText + bodyText);
    const answer = await binanceCall(server.url, 'POST', '/order/test', {
      query: `${queryText}&signature=${signature}`,
      body: bodyText,
      headers: { 'X-MBX-APIKEY': key.api_key, 'x-forwarded-for': freshAddress() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.standardCommissionForOrder).toEqual({ maker: expect.any(String), taker: expect.any(String) });
  });

  it("of a GET from its query string alone, signed over it alone: the body is not read, as Binance ignores a GET's", async () => {
    const timestamp = Date.now();
    const headers = { 'X-MBX-APIKEY': key.api_key, 'x-forwarded-for': freshAddress() };
    const queryText = `timestamp=${timestamp}`;
    const answer = await binanceCall(server.url, 'GET', '/account', {
      query: `${queryText}&signature=${hmac(key.secret, queryText)}`,
      body: 'omitZeroBalances=true',
      headers,
    });
    expect(answer.status).toBe(200);
    // The trader holds nothing: omitZeroBalances=true, were it read, would leave every balance out.
    expect(answer.body.balances).not.toEqual([]);
    // Signed in the body alone: no timestamp is read.
    const signedBody = await binanceCall(server.url, 'GET', '/account', {
      body: `${queryText}&signature=${hmac(key.secret, queryText)}`,
      headers,
    });
    expect(signedBody).toMatchObject({
      status: 400,
      body: { code: -1102, msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed." },
    });
  });
});

describe('the key', () => {
  it('missing or malformed: 401 -2014', async () => {
    const { key } = await traderKey();
    const missing = await binanceCall(server.url, 'GET', '/account', {
      query: `timestamp=${Date.now()}&signature=${'0'.repeat(64)}`,
    });
    expect(missing).toMatchObject({ status: 401, body: { code: -2014, msg: 'API-key format invalid.' } });
    for (const malformed of [key.api_key.slice(1), `${key.api_key}x`, `${key.api_key.slice(1)}-`]) {
      expect(await account({ ...key, api_key: malformed })).toMatchObject({
        status: 401,
        body: { code: -2014, msg: 'API-key format invalid.' },
      });
    }
  });

  it('unknown: 401 -2015', async () => {
    const { key } = await traderKey();
    const unknown = {
      api_key: randomBytes(48)
        .toString('base64')
        .replace(/[^A-Za-z0-9]/g, 'A')
        .slice(0, 64),
      secret: key.secret,
    };
    expect(await account(unknown)).toMatchObject({ status: 401, body: REJECTED });
  });

  it('of a suspended trader: refused at once, working again at once when they are reactivated', async () => {
    const { key, user } = await traderKey();
    expect((await account(key)).status).toBe(200);
    expect((await admin.post(`/admin/user/suspend${query({ user_id: user.id })}`)).status).toBe(200);
    expect(await account(key)).toMatchObject({ status: 401, body: REJECTED });
    expect((await admin.post(`/admin/user/activate${query({ user_id: user.id })}`)).status).toBe(200);
    expect((await account(key)).status).toBe(200);
  });
});

describe('the signature', () => {
  let key: CreatedApiKey;
  beforeAll(async () => {
    ({ key } = await traderKey());
  });

  it('made with another secret, or of other parameters: 400 -1022', async () => {
    expect(await account(key, {}, { secret: 'x'.repeat(64) })).toMatchObject({ status: 400, body: BAD_SIGNATURE });
    const timestamp = Date.now();
    const signatureOfOther = hmac(key.secret, `timestamp=${timestamp}`);
    expect(await account(key, { omitZeroBalances: 'true' }, { timestamp, signature: signatureOfOther })).toMatchObject({
      status: 400,
      body: BAD_SIGNATURE,
    });
    for (const malformed of ['zz', '0'.repeat(63), 'g'.repeat(64)])
      expect(await account(key, {}, { signature: malformed })).toMatchObject({ status: 400, body: BAD_SIGNATURE });
  });

  it('or the timestamp missing: 400 -1102 naming it', async () => {
    expect(await account(key, {}, { signature: null })).toMatchObject({
      status: 400,
      body: { code: -1102, msg: "Mandatory parameter 'signature' was not sent, was empty/null, or malformed." },
    });
    expect(await account(key, {}, { timestamp: null })).toMatchObject({
      status: 400,
      body: { code: -1102, msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed." },
    });
    expect(await account(key, {}, { timestamp: '' })).toMatchObject({ status: 400, body: { code: -1102 } });
  });

  it('a parameter sent twice in the query string: 400 -1101', async () => {
    const answer = await binanceCall(server.url, 'GET', '/account', {
      query: `timestamp=${Date.now()}&timestamp=${Date.now()}&signature=${'0'.repeat(64)}`,
      headers: { 'X-MBX-APIKEY': key.api_key },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: -1101, msg: 'Duplicate values for a parameter detected.' },
    });
  });

  it('a body past 16 KB is not read: 413 -1101', async () => {
    const answer = await binanceCall(server.url, 'POST', '/order/test', {
      query: `timestamp=${Date.now()}`,
      body: `padding=${'x'.repeat(17 * 1024)}&signature=${'0'.repeat(64)}`,
      headers: { 'X-MBX-APIKEY': key.api_key },
    });
    expect(answer).toMatchObject({
      status: 413,
      body: { code: -1101, msg: 'Too many parameters sent for this endpoint.' },
    });
  });
});

describe('the timestamp and recvWindow', () => {
  let key: CreatedApiKey;
  beforeAll(async () => {
    ({ key } = await traderKey());
  });
  const STALE = { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' };
  const AHEAD = { code: -1021, msg: "Timestamp for this request was 1000ms ahead of the server's time." };

  it('older than the default window of 5000 ms: 400 -1021; accepted within a wider recvWindow', async () => {
    expect(await account(key, {}, { timestamp: Date.now() - 6000 })).toMatchObject({ status: 400, body: STALE });
    expect((await account(key, { recvWindow: 10_000 }, { timestamp: Date.now() - 6000 })).status).toBe(200);
    expect((await account(key, {}, { timestamp: Date.now() - 2000 })).status).toBe(200);
  });

  it('a second or more ahead of the server: 400 -1021; less is accepted', async () => {
    expect(await account(key, {}, { timestamp: Date.now() + 5000 })).toMatchObject({ status: 400, body: AHEAD });
    expect((await account(key, {}, { timestamp: Date.now() + 300 })).status).toBe(200);
  });

  it("recvWindow at most 60000: 400 -1131 above; its characters and the timestamp's are digits (-1100)", async () => {
    expect((await account(key, { recvWindow: 60_000 }, { timestamp: Date.now() - 55_000 })).status).toBe(200);
    expect(await account(key, { recvWindow: 60_001 })).toMatchObject({
      status: 400,
      body: { code: -1131, msg: 'recvWindow must be less than 60000' },
    });
    expect(await account(key, { recvWindow: '5s' })).toMatchObject({
      status: 400,
      body: { code: -1100, msg: "Illegal characters found in parameter 'recvWindow'; legal range is '^[0-9]{1,20}$'." },
    });
    expect(await account(key, {}, { timestamp: '1e12' })).toMatchObject({
      status: 400,
      body: { code: -1100, msg: "Illegal characters found in parameter 'timestamp'; legal range is '^[0-9]{1,20}$'." },
    });
    // recvWindow=0: only a timestamp of this very millisecond or ahead of it passes.
    expect(await account(key, { recvWindow: 0 }, { timestamp: Date.now() - 1000 })).toMatchObject({ body: STALE });
  });
});

describe('the IP allowlist', () => {
  it('lets the listed addresses use the key (IPv4 and IPv6, however spelled); another gets 401 -1002', async () => {
    const { key } = await traderKey(['read'], ['203.0.113.7', '2001:db8::1']);
    const from = (address: string) => account(key, {}, { headers: { 'x-forwarded-for': address } });
    expect((await from('203.0.113.7')).status).toBe(200);
    expect((await from('::ffff:203.0.113.7')).status).toBe(200);
    expect((await from('2001:0db8:0:0:0:0:0:1')).status).toBe(200);
    for (const address of ['203.0.113.8', '2001:db8::2', '127.0.0.1'])
      expect(await from(address)).toMatchObject({
        status: 401,
        body: { code: -1002, msg: 'You are not authorized to execute this request.' },
      });
  });
});

describe('permissions', () => {
  it('a read-only key reads, and is refused on a TRADE endpoint with 401 -2015; a trading key trades', async () => {
    const { key: readOnly } = await traderKey(['read']);
    const { key: trading } = await traderKey(['read', 'trade']);
    expect((await account(readOnly)).status).toBe(200);
    expect(await testOrder(readOnly)).toMatchObject({ status: 401, body: REJECTED });
    expect(await testOrder(trading)).toMatchObject({ status: 200, body: {} });
  });

  it('a forged request with a read-only key learns nothing of its permissions: the signature is checked first', async () => {
    const { key: readOnly } = await traderKey(['read']);
    expect(await testOrder(readOnly, { secret: 'y'.repeat(64) })).toMatchObject({ status: 400, body: BAD_SIGNATURE });
  });
});

describe('USER_STREAM', () => {
  it('takes the key alone, any permission, from an address its allowlist names; no signature needed', async () => {
    const { key } = await traderKey(['read'], ['203.0.113.50']);
    const open = (apiKey: string, address: string) =>
      binanceCall(server.url, 'POST', '/userDataStream', {
        headers: { 'X-MBX-APIKEY': apiKey, 'x-forwarded-for': address },
      });
    expect(await open(key.api_key, '203.0.113.50')).toMatchObject({
      status: 200,
      body: { listenKey: expect.any(String) },
    });
    expect(await open(key.api_key, '203.0.113.51')).toMatchObject({ status: 401, body: { code: -1002 } });
    expect(await open('x'.repeat(64), '203.0.113.50')).toMatchObject({ status: 401, body: REJECTED });
    expect(await open('', '203.0.113.50')).toMatchObject({ status: 401, body: { code: -2014 } });
  });
});

// The embedded database serves one process: a second exchange needs PostgreSQL.
(onPostgres ? describe : describe.skip)('a revocation seen from another process', () => {
  it('stops the key there within about a second, even when the bus message telling it is lost', async () => {
    // A second exchange on the same database and settings, with a bus of its own (in memory): it
    // hears none of the first one's messages, as if every one of them were lost.
    const other = await startTestExchange({
      TRUST_PROXY: 'on',
      REDIS_URL: '',
      DATA_DIR: server.exchange.context.config.DATA_DIR,
    });
    try {
      const { client, key } = await traderKey();
      const there = () =>
        signedCall(other.url, key, 'GET', '/account', {}, { headers: { 'x-forwarded-for': freshAddress() } });
      expect((await there()).status).toBe(200);
      expect((await client.delete(`/account/api-keys/${key.id}`)).status).toBe(200);
      const revokedAt = Date.now();
      expect(await account(key)).toMatchObject({ status: 401, body: REJECTED });
      const refusedAfter = await eventually(
        async () => ((await there()).status === 401 ? Date.now() - revokedAt : undefined),
        10_000,
        'the key refused by the other process',
      );
      // The other process trusts what it read of a key for a second (KEY_TRUST_MS); the rest is slack for a busy machine.
      expect(refusedAfter).toBeLessThan(3000);
    } finally {
      await other.close();
    }
  });
});

(onPostgres && process.env.REDIS_URL ? describe : describe.skip)('a reactivation seen from another process', () => {
  it('makes the key work there at once', async () => {
    // A second exchange on the same database and Redis: it hears the first one's messages.
    const other = await startTestExchange({ TRUST_PROXY: 'on', DATA_DIR: server.exchange.context.config.DATA_DIR });
    try {
      const { key, user } = await traderKey();
      const there = () =>
        signedCall(other.url, key, 'GET', '/account', {}, { headers: { 'x-forwarded-for': freshAddress() } });
      expect((await admin.post(`/admin/user/suspend${query({ user_id: user.id })}`)).status).toBe(200);
      expect(await there()).toMatchObject({ status: 401, body: REJECTED });
      expect((await admin.post(`/admin/user/activate${query({ user_id: user.id })}`)).status).toBe(200);
      expect((await there()).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
