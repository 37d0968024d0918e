import fc from 'fast-check';
import { SignJWT } from 'jose';
import { delayAfterFailures } from '../../../server/identity/auth/failure-throttle';
import { ApiClient, registerTrader, uniqueEmail } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { codeAt, enableTwoFactor } from '../../support/two-factor';

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

interface LoginOptions {
  /** A device cookie (`device=...`) from an earlier login, sent back as a browser would. */
  cookie?: string;
  totp?: string;
  /** Whether the request reached the proxy over TLS (X-Forwarded-Proto). */
  tls?: boolean;
}

let lastAddress = 0;
/**
 * A login from an address not used before (fetch itself, for the Retry-After and Set-Cookie
 * headers); `device` is the device cookie its answer sets, as a Cookie header sends it back.
 */
async function logIn(email: string, password: string, { cookie, totp, tls = false }: LoginOptions = {}) {
  lastAddress += 1;
  const address = `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': address,
    'x-forwarded-proto': tls ? 'https' : 'http',
  };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, totp }),
  });
  const setCookies = response.headers.getSetCookie();
  const device = setCookies.find((line) => line.startsWith('device='))?.split(';')[0] ?? null;
  return {
    status: response.status,
    headers: response.headers,
    setCookies,
    device,
    body: (await response.json()) as any,
  };
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
    // Each refusal right after the failures: the one-second wait may be over after five more scrypt checks.
    expect(await statusesOf(5, delayed.email)).toEqual([401, 401, 401, 401, 401]);
    expect(await refusedFor(delayed.email)).toBe(1);
    expect(await statusesOf(5, unknown)).toEqual([401, 401, 401, 401, 401]);
    expect(await refusedFor(unknown)).toBe(1);

    expect((await logIn(other.email, WRONG)).status).toBe(401);
    expect((await logIn(other.email, other.password)).status).toBe(200);
  });
});

/** A browser of the owner's: signed in once, it keeps the device cookie that login set. */
async function ownersBrowser(email: string, password: string): Promise<string> {
  const { status, device } = await logIn(email, password);
  expect(status).toBe(200);
  expect(device).toMatch(/^device=[\w.-]+$/);
  return device!;
}

describe('device cookies', () => {
  it('are set by a complete login: HttpOnly, SameSite=Strict, for the login route only, for a year, Secure over TLS', async () => {
    const { email, password } = await registerTrader(api);
    const plain = await logIn(email, password);
    expect(plain.setCookies).toHaveLength(1);
    const [cookie, ...attributes] = plain.setCookies[0]!.split('; ');
    expect(cookie).toBe(plain.device);
    expect(attributes.filter((attribute) => !attribute.startsWith('expires='))).toEqual([
      'path=/api/auth/login',
      'samesite=strict',
      'httponly',
    ]);
    const expires = Date.parse(attributes.find((attribute) => attribute.startsWith('expires='))!.slice(8));
    expect(expires).toBeGreaterThan(Date.now() + 364 * 86_400_000);

    const overTls = await logIn(email, password, { tls: true });
    expect(overTls.setCookies[0]!.split('; ')).toContain('secure');
    expect((await logIn(email, WRONG)).setCookies).toEqual([]);
  });

  it('let the owner log in at once while a guesser keeps the account waiting, whose delay goes on', async () => {
    const { email, password } = await registerTrader(api);
    const owner = await ownersBrowser(email, password);
    expect(await statusesOf(5, email)).toEqual([401, 401, 401, 401, 401]);
    // A browser without the cookie waits, the owner's too.
    expect(await refusedFor(email, password)).toBe(1);

    const trusted = await logIn(email, password, { cookie: owner });
    expect(trusted.status).toBe(200);
    expect(trusted.body.user.email).toBe(email);
    expect(trusted.device).not.toBeNull();
    expect(trusted.device).not.toBe(owner);
    expect(await refusedFor(email)).toBeGreaterThanOrEqual(1);
  });

  it('trust only a cookie the server signed for the account tried', async () => {
    const victim = await registerTrader(api);
    const other = await registerTrader(api);
    const victimsCookie = await ownersBrowser(victim.email, victim.password);
    const othersCookie = await ownersBrowser(other.email, other.password);
    const [header, , signature] = othersCookie.slice('device='.length).split('.');
    const claims = { sub: victim.user.id, aud: 'login-device', jti: 'forged-nonce' };
    const repointed = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const otherSecret = await new SignJWT({ aud: claims.aud, jti: claims.jti })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(victim.user.id)
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode('a-secret-that-is-not-the-servers-0123456789'));
    const bearer = (await logIn(victim.email, victim.password)).body.token as string;
    expect(await statusesOf(5, victim.email)).toEqual([401, 401, 401, 401, 401]);

    for (const cookie of [othersCookie, `device=${repointed}`, `device=${otherSecret}`, `device=${bearer}`]) {
      expect((await logIn(victim.email, victim.password, { cookie })).status).toBe(429);
    }
    expect((await logIn(victim.email, victim.password, { cookie: victimsCookie })).status).toBe(200);
    // Nor is a device cookie a bearer token.
    const cookieAsToken = api.withToken(victimsCookie.slice('device='.length));
    expect((await cookieAsToken.get('/auth/me')).status).toBe(401);
  });

  it("count a trusted browser's own wrong passwords apart from the account's, and after five trust it no more", async () => {
    const { email, password } = await registerTrader(api);
    const owner = await ownersBrowser(email, password);
    const ownFailures = [];
    for (let i = 0; i < 5; i += 1) ownFailures.push((await logIn(email, WRONG, { cookie: owner })).status);
    expect(ownFailures).toEqual([401, 401, 401, 401, 401]);
    // They did not start the account's delay: another browser is let in at once.
    expect((await logIn(email, password)).status).toBe(200);

    expect(await statusesOf(5, email)).toEqual([401, 401, 401, 401, 401]);
    expect(await refusedFor(email, password)).toBe(1);
    const distrusted = await logIn(email, password, { cookie: owner });
    expect(distrusted.status).toBe(429);
  });

  it('are set only once a two-factor login is complete, and spare no code', async () => {
    const { client, email, password } = await registerTrader(api);
    const { secret, step, recoveryCodes } = await enableTwoFactor(client);
    const asked = await logIn(email, password);
    expect(asked.body).toEqual({ detail: 'Two-factor code required', two_factor_required: true });
    expect(asked.setCookies).toEqual([]);
    const signedIn = await logIn(email, password, { totp: await codeAt(secret, step + 1) });
    expect(signedIn.status).toBe(200);
    const owner = signedIn.device!;
    expect(owner).not.toBeNull();

    expect(await statusesOf(5, email)).toEqual([401, 401, 401, 401, 401]);
    const askedAgain = await logIn(email, password, { cookie: owner });
    expect(askedAgain.body).toEqual({ detail: 'Two-factor code required', two_factor_required: true });
    expect(askedAgain.setCookies).toEqual([]);
    const trusted = await logIn(email, password, { cookie: owner, totp: recoveryCodes[0] });
    expect(trusted.status).toBe(200);
    expect(trusted.device).not.toBeNull();
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
