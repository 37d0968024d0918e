import { query, signInAdmin } from '../../support/back-office';
import {
  binanceCall,
  createApiKey,
  keyedTrader,
  type CreatedApiKey,
  type KeyedTrader,
} from '../../support/binance-client';
import type { ApiClient } from '../../support/http-client';
import { StreamClient } from '../../support/stream-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * Binance's listenKey flow (POST, PUT, DELETE /api/v3/userDataStream, then /ws/<listenKey>), and
 * how user data streams end: a closed or expired listenKey, a revoked API key, a suspended trader.
 */
jest.setTimeout(60_000);

let server: TestExchange;
let admin: ApiClient;
const open: Array<{ close(): void }> = [];

beforeAll(async () => {
  server = await startTestExchange();
  admin = await signInAdmin(server);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server.close());

type Trader = KeyedTrader;
const trader = () => keyedTrader(server, {}, 'Listen Key Trader');

/** A USER_STREAM call: the key in X-MBX-APIKEY, parameters in the query string, no signature. */
const userStream = (key: Pick<CreatedApiKey, 'api_key'> | null, method: string, params: Record<string, string> = {}) =>
  binanceCall(server.url, method, '/userDataStream', {
    query: new URLSearchParams(params).toString(),
    headers: key ? { 'X-MBX-APIKEY': key.api_key } : {},
  });

async function listenKeyOf(who: Trader): Promise<string> {
  const answer = await userStream(who.key, 'POST');
  expect(answer.status).toBe(200);
  return answer.body.listenKey;
}

async function stream(listenKey: string): Promise<StreamClient> {
  const client = await StreamClient.connect(server.url, `/ws/${listenKey}`);
  open.push(client);
  return client;
}

async function deposit(who: Trader, amount: number) {
  const request = await who.client.post(`/deposit/request${query({ amount })}`);
  const approved = await admin.post(`/admin/deposit/approve${query({ deposit_id: request.body.id })}`);
  expect(approved.status).toBe(200);
}

/** The user's events reach `client` (a deposit's balanceUpdate arrives). */
async function receives(client: StreamClient, who: Trader, amount: number) {
  const from = client.messages.length;
  await deposit(who, amount);
  return client.next((m) => m.e === 'balanceUpdate' && m.d === `${amount}.00000000`, 5000, from);
}

const INVALID_LISTEN_KEY = { code: -1125, msg: 'This listenKey does not exist.' };

describe('the listenKey', () => {
  it('POST opens one per API key (the same while it lives), PUT keeps it alive, DELETE closes it', async () => {
    const who = await trader();
    const listenKey = await listenKeyOf(who);
    expect(listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    expect(await listenKeyOf(who)).toBe(listenKey);
    const otherKey = await createApiKey(who.client, { label: 'second', permissions: ['read'] });
    expect((await userStream(otherKey, 'POST')).body.listenKey).not.toBe(listenKey);

    expect(await userStream(who.key, 'PUT', { listenKey })).toMatchObject({ status: 200, body: {} });
    expect(await userStream(who.key, 'PUT', { listenKey: 'x'.repeat(60) })).toMatchObject({
      status: 400,
      body: INVALID_LISTEN_KEY,
    });
    expect(await userStream(who.key, 'DELETE', { listenKey })).toMatchObject({ status: 200, body: {} });
    expect(await userStream(who.key, 'PUT', { listenKey })).toMatchObject({ status: 400, body: INVALID_LISTEN_KEY });
    expect(await userStream(who.key, 'DELETE', { listenKey })).toMatchObject({ status: 400, body: INVALID_LISTEN_KEY });
    expect(await listenKeyOf(who)).not.toBe(listenKey);
  });

  it("is the key holder's alone, and answers Binance's refusals", async () => {
    const [who, other] = [await trader(), await trader()];
    const listenKey = await listenKeyOf(who);
    expect(await userStream(other.key, 'PUT', { listenKey })).toMatchObject({ status: 400, body: INVALID_LISTEN_KEY });
    expect(await userStream(other.key, 'DELETE', { listenKey })).toMatchObject({
      status: 400,
      body: INVALID_LISTEN_KEY,
    });
    expect(await userStream(null, 'POST')).toMatchObject({ status: 401, body: { code: -2014 } });
    expect(await userStream({ api_key: 'k'.repeat(64) }, 'POST')).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(await userStream(who.key, 'PUT')).toMatchObject({
      status: 400,
      body: { code: -1102, msg: "Mandatory parameter 'listenKey' was not sent, was empty/null, or malformed." },
    });
    expect(await userStream(who.key, 'POST', { listenKey })).toMatchObject({ status: 400, body: { code: -1104 } });
    const weighed = await userStream(who.key, 'PUT', { listenKey });
    expect(Number(weighed.headers['x-mbx-used-weight-1m'])).toBeGreaterThan(0);
  });
});

describe('/ws/<listenKey>', () => {
  it('receives the user data stream unwrapped, or wrapped as {stream, data} once combined', async () => {
    const who = await trader();
    const listenKey = await listenKeyOf(who);
    const client = await stream(listenKey);
    // The connection is a stream connection like any: LIST_SUBSCRIPTIONS does not show the listenKey.
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({ result: [], id: 1 });
    expect(await receives(client, who, 12)).toEqual({
      e: 'balanceUpdate',
      E: expect.any(Number),
      a: 'USDT',
      d: '12.00000000',
      T: expect.any(Number),
    });
    await client.next((m) => m.e === 'outboundAccountPosition');
    expect(await client.call('SET_PROPERTY', ['combined', true])).toEqual({ result: null, id: 2 });
    const from = client.messages.length;
    await deposit(who, 3);
    expect(await client.next((m) => m.stream !== undefined, 5000, from)).toEqual({
      stream: listenKey,
      data: expect.objectContaining({ e: 'balanceUpdate', d: '3.00000000' }),
    });
  });

  it('closes at once when the listenKey is closed, and refuses a listenKey that names nothing', async () => {
    const who = await trader();
    const listenKey = await listenKeyOf(who);
    const client = await stream(listenKey);
    await receives(client, who, 1);
    await userStream(who.key, 'DELETE', { listenKey });
    expect(await client.whenClosed()).toEqual({ code: 1000, reason: 'listenKey closed' });
    const stale = await stream(listenKey);
    expect(await stale.whenClosed()).toEqual({ code: 1000, reason: 'This listenKey does not exist.' });
    // A segment that cannot be a listenKey leaves a plain connection, as before.
    const plain = await stream('0');
    expect(await plain.call('LIST_SUBSCRIPTIONS')).toEqual({ result: [], id: 1 });
  });

  it('tells listenKeyExpired and closes once the listenKey expires', async () => {
    const who = await trader();
    const listenKey = await listenKeyOf(who);
    const client = await stream(listenKey);
    await receives(client, who, 1);
    await server.exchange.context.dataSource.query(
      "UPDATE listen_keys SET expires_at = now() - interval '1 second' WHERE listen_key = $1",
      [listenKey],
    );
    // Expiry is checked every few seconds.
    expect(await client.next((m) => m.e === 'listenKeyExpired', 15_000)).toEqual({
      e: 'listenKeyExpired',
      E: expect.any(Number),
      listenKey,
    });
    expect(await client.whenClosed()).toEqual({ code: 1000, reason: 'listenKey expired' });
    expect(await userStream(who.key, 'PUT', { listenKey })).toMatchObject({ status: 400, body: INVALID_LISTEN_KEY });
    expect(await listenKeyOf(who)).not.toBe(listenKey);
  });
});

describe('a listenKey as a stream name', () => {
  it('/stream?streams=<listenKey> receives the events wrapped as {stream, data}, beside market streams', async () => {
    const who = await trader();
    const listenKey = await listenKeyOf(who);
    const client = await StreamClient.connect(server.url, `/stream?streams=${listenKey}/btcusdt@trade`);
    open.push(client);
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({ result: ['btcusdt@trade'], id: 1 });
    await deposit(who, 5);
    expect(await client.next((m) => m.stream === listenKey && m.data.e === 'balanceUpdate')).toEqual({
      stream: listenKey,
      data: expect.objectContaining({ e: 'balanceUpdate', a: 'USDT', d: '5.00000000' }),
    });
  });

  it('SUBSCRIBE with a listenKey starts its events once answered; UNSUBSCRIBE stops them', async () => {
    const who = await trader();
    const listenKey = await listenKeyOf(who);
    const client = await StreamClient.connect(server.url, '/ws');
    open.push(client);
    expect(await client.call('SUBSCRIBE', [listenKey, 'btcusdt@trade'])).toEqual({ result: null, id: 1 });
    expect(await receives(client, who, 7)).toMatchObject({ e: 'balanceUpdate', d: '7.00000000' });
    expect(await client.call('UNSUBSCRIBE', [listenKey])).toEqual({ result: null, id: 2 });
    expect(await client.call('LIST_SUBSCRIPTIONS')).toEqual({ result: ['btcusdt@trade'], id: 3 });
    // Another connection on the listenKey gets the next event; the one that left it, in the same delivery, does not.
    const other = await stream(listenKey);
    const from = client.messages.length;
    await receives(other, who, 8);
    expect(client.messages.slice(from).filter((m) => m.e === 'balanceUpdate')).toEqual([]);
  });

  it('a listenKey that names nothing closes the connection; a name of no shape is an unknown stream', async () => {
    const client = await StreamClient.connect(server.url, '/ws');
    open.push(client);
    expect(await client.call('SUBSCRIBE', ['not-a-listen-key'])).toMatchObject({ error: { code: 2 }, id: 1 });
    client.send({ method: 'SUBSCRIBE', params: ['x'.repeat(60)], id: 2 });
    expect(await client.whenClosed()).toEqual({ code: 1000, reason: 'This listenKey does not exist.' });
    const refused = await StreamClient.refused(server.url, '/stream?streams=not-a-listen-key');
    expect(refused.status).toBe(400);
    const stale = await StreamClient.connect(server.url, `/stream?streams=${'y'.repeat(60)}`);
    open.push(stale);
    expect(await stale.whenClosed()).toEqual({ code: 1000, reason: 'This listenKey does not exist.' });
  });
});

describe('a stream ends at once', () => {
  /** A trader with a listenKey connection and a WebSocket API subscription, both receiving. */
  async function listening() {
    const who = await trader();
    const listenKeyClient = await stream(await listenKeyOf(who));
    const api = await WsApiClient.connect(server.url);
    open.push(api);
    expect(await api.request('userDataStream.subscribe.signature', signedParams(who.key))).toMatchObject({
      result: { subscriptionId: 0 },
    });
    await receives(listenKeyClient, who, 2);
    await api.event((e) => e.e === 'balanceUpdate');
    return { who, listenKeyClient, api };
  }

  // Well under the sweep's period: what ends them is the bus message, not the periodic check.
  const AT_ONCE_MS = 2000;

  /** How `client` closed, if it did within AT_ONCE_MS. */
  async function closedAtOnce(client: StreamClient) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve('still open'), AT_ONCE_MS)));
    try {
      return await Promise.race([client.whenClosed(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  it('when its API key is revoked: the listenKey connection closes, the subscription hears eventStreamTerminated', async () => {
    const { who, listenKeyClient, api } = await listening();
    const keys = (await who.client.get('/account/api-keys')).body;
    const from = api.messages.length;
    expect((await who.client.delete(`/account/api-keys/${keys[0].id}`)).status).toBe(200);
    expect(await closedAtOnce(listenKeyClient)).toEqual({ code: 1000, reason: 'API key revoked' });
    expect(await api.stream.next((m) => m.event?.e === 'eventStreamTerminated', AT_ONCE_MS, from)).toEqual({
      subscriptionId: 0,
      event: { e: 'eventStreamTerminated', E: expect.any(Number) },
    });
    expect((await api.request('session.subscriptions')).result).toEqual([]);
    // The connection stays, for other keys; this key's requests are refused.
    expect(await api.request('userDataStream.subscribe.signature', signedParams(who.key))).toMatchObject({
      status: 401,
      error: { code: -2015 },
    });
    const before = api.messages.length;
    await deposit(who, 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.events(before)).toEqual([]);
  });

  it('when its trader is suspended', async () => {
    const { who, listenKeyClient, api } = await listening();
    const from = api.messages.length;
    expect((await admin.post(`/admin/user/suspend${query({ user_id: who.userId })}`)).status).toBe(200);
    expect(await closedAtOnce(listenKeyClient)).toEqual({ code: 1000, reason: 'Account suspended' });
    expect(await api.stream.next((m) => m.event?.e === 'eventStreamTerminated', AT_ONCE_MS, from)).toMatchObject({
      subscriptionId: 0,
    });
    expect(await userStream(who.key, 'POST')).toMatchObject({ status: 401, body: { code: -2015 } });
  });
});
