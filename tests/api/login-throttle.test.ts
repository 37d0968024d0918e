import fc from 'fast-check';
import { delayAfterFailures } from '../../server/auth/failure-throttle';
import { ApiClient, registerTrader, uniqueEmail } from '../support/http-client';
import { startTestExchange, type TestExchange } from '../support/test-exchange';

jest.setTimeout(60_000);

/**
 * Attempts come from many addresses (X-Forwarded-For, trusted here), as from a botnet or from
 * everyone behind one proxy: the per-address limit never stops them, only the per-account delay.
 */
let server: TestExchange;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestExchange({ TRUST_PROXY: 'on' });
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

let lastAddress = 0;
/** A login from an address not used before (fetch itself, for the Retry-After header). */
async function logIn(email: string, password: string) {
  lastAddress += 1;
  const address = `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}
const WRONG = 'not-my-password-7';

async function statusesOf(attempts: number, email: string, password = WRONG) {
  const statuses = [];
  for (let i = 0; i < attempts; i += 1) statuses.push((await logIn(email, password)).status);
  return statuses;
}

/** The 429 answer's Retry-After, in seconds. */
async function refusedFor(email: string, password = WRONG): Promise<number> {
  const response = await logIn(email, password);
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    detail: expect.stringMatching(/^Too many failed logins for this account, please try again in \d+ seconds?$/),
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  return retryAfter;
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

describe('per-account login delay', () => {
  it('after five failures makes each further attempt wait, doubling the wait, and lets the owner in once it has run', async () => {
    const { email, password } = await registerTrader(api);
    expect(await statusesOf(5, email)).toEqual([401, 401, 401, 401, 401]);

    // The owner waits like anyone else, however right their password.
    expect(await refusedFor(email, password)).toBe(1);
    await sleep(1);
    expect(await statusesOf(1, email)).toEqual([401]);
    const second = await refusedFor(email);
    expect(second).toBeGreaterThan(1);
    expect(second).toBeLessThanOrEqual(2);
    await sleep(second);
    expect(await statusesOf(1, email)).toEqual([401]);
    const third = await refusedFor(email);
    expect(third).toBeGreaterThan(2);
    expect(third).toBeLessThanOrEqual(4);

    // Thirty at once from ten addresses while the wait runs: none is tried.
    const burst = await Promise.all(Array.from({ length: 30 }, () => logIn(email, WRONG)));
    expect(burst.map((response) => response.status)).toEqual(Array(30).fill(429));

    await sleep(third);
    expect((await logIn(email, password)).status).toBe(200);
  });

  it('starts counting afresh after a successful login', async () => {
    const { email, password } = await registerTrader(api);
    expect(await statusesOf(4, email)).toEqual([401, 401, 401, 401]);
    expect((await logIn(email, password)).status).toBe(200);
    expect(await statusesOf(5, email)).toEqual([401, 401, 401, 401, 401]);
    expect(await refusedFor(email)).toBe(1);
  });

  it('lets no more than five of many simultaneous wrong passwords be tried', async () => {
    const { email } = await registerTrader(api);
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => logIn(email, WRONG)))).map((r) => r.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('delays one account without touching another, and treats an unknown e-mail like a known one', async () => {
    const delayed = await registerTrader(api);
    const other = await registerTrader(api);
    const unknown = uniqueEmail();
    expect(await statusesOf(5, delayed.email)).toEqual([401, 401, 401, 401, 401]);
    expect(await statusesOf(5, unknown)).toEqual([401, 401, 401, 401, 401]);
    expect(await refusedFor(delayed.email)).toBe(1);
    expect(await refusedFor(unknown)).toBe(1);

    expect((await logIn(other.email, WRONG)).status).toBe(401);
    expect((await logIn(other.email, other.password)).status).toBe(200);
  });
});

describe('the delay after n consecutive failures', () => {
  it('is none up to four, one second after five, doubles with each failure and stops at fifteen minutes', () => {
    expect([0, 1, 4, 5, 6, 7, 14, 15].map(delayAfterFailures)).toEqual([0, 0, 0, 1, 2, 4, 512, 900]);
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 1_000_000 }), (failures) => {
        const delay = delayAfterFailures(failures);
        expect(delay).toBeGreaterThanOrEqual(1);
        expect(delay).toBeLessThanOrEqual(15 * 60);
        expect(delayAfterFailures(failures + 1)).toBe(Math.min(2 * delay, 15 * 60));
      }),
    );
  });
});
