import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { keyId } from '../../../server/platform/crypto/secret-box';
import { createApiKey, signedCall, type CreatedApiKey } from '../../support/binance-client';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, registerTrader } from '../../support/http-client';
import { startTestExchange, type TestExchange, onPostgres as ownDatabase } from '../../support/test-exchange';
import { codeAt, currentStep, enableTwoFactor, wrongCode, type EnabledTwoFactor } from '../../support/two-factor';

/**
 * Rotating ENCRYPTION_KEY: the secrets sealed under the old key (an API key's, two-factor secrets)
 * still open while it is a previous key; `npm run rotate-secrets` seals them again under the new
 * one, after which the old key can go. On a database of its own, so the rotation meets only these rows
 * (PostgreSQL: the embedded database serves one connection, which the exchange holds while the script runs).
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');
// Sessions outlive the restarts: every server signs its tokens with this.
const JWT_SECRET = randomBytes(32).toString('hex');

let database: FreshDatabase;
let server: TestExchange | null = null;

async function restart(keys: { ENCRYPTION_KEY: string; ENCRYPTION_KEYS_PREVIOUS?: string }) {
  await server?.close();
  server = await startTestExchange({ DATABASE_URL: database.url, JWT_SECRET, ...keys });
  return server;
}

/** `npm run rotate-secrets` on the test database: what it printed. */
async function rotateSecrets(): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    ['server/scripts/rotate-secrets.ts'],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rotate-secrets-')),
        ENCRYPTION_KEY: keyB,
        ENCRYPTION_KEYS_PREVIOUS: keyA,
      },
    },
  );
  return stdout + stderr;
}

beforeAll(async () => {
  if (ownDatabase) database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'key_rotation');
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

(ownDatabase ? it : it.skip)(
  'secrets sealed under the old key still open while it is a previous key, and under the new one alone once rotated',
  async () => {
    // Under key A: an API key, and two traders with two-factor on.
    const first = await restart({ ENCRYPTION_KEY: keyA });
    const traders: { client: ApiClient; twoFactor: EnabledTwoFactor; key?: CreatedApiKey }[] = [];
    for (let i = 0; i < 2; i++) {
      const { client } = await registerTrader(new ApiClient(first.url));
      const key = i === 0 ? await createApiKey(client) : undefined;
      traders.push({ client, key, twoFactor: await enableTwoFactor(client) });
    }
    const apiKey = traders[0]!.key!;

    /** The API key signs; the trader's two-factor code (of a step after the one that turned it on) passes and a wrong one does not. */
    const stillWorks = async (url: string, trader: (typeof traders)[number]) => {
      expect((await signedCall(url, apiKey, 'GET', '/account')).status).toBe(200);
      const client = new ApiClient(url, trader.client.token);
      const { secret, step } = trader.twoFactor;
      const guarded = (totp: string) =>
        client.post('/account/api-keys', { label: 'guarded', permissions: ['read'], totp });
      expect((await guarded(await wrongCode(secret))).status).toBe(401);
      expect((await guarded(await codeAt(secret, Math.max(step + 1, currentStep())))).status).toBe(201);
    };

    // Rotating: B seals, A still opens.
    const rotating = await restart({ ENCRYPTION_KEY: keyB, ENCRYPTION_KEYS_PREVIOUS: keyA });
    await stillWorks(rotating.url, traders[0]!);

    const printed = await rotateSecrets();
    expect(printed).toContain(
      'api_keys.sealed_secret: 1 resealed, 1 already under the current key, 0 changed meanwhile, 0 unreadable',
    );
    expect(printed).toContain('two_factor.sealed_secret: 2 resealed, 0 already under the current key');
    for (const secret of [apiKey.secret, ...traders.map(({ twoFactor }) => twoFactor.secret)])
      expect(printed).not.toContain(secret);
    const sealed: { sealed_secret: string }[] = await rotating.exchange.context.dataSource.query(
      'SELECT sealed_secret FROM api_keys UNION ALL SELECT sealed_secret FROM two_factor',
    );
    expect(sealed).toHaveLength(4);
    for (const { sealed_secret } of sealed)
      expect(sealed_secret.startsWith(`v2.${keyId(Buffer.from(keyB, 'hex'))}.`)).toBe(true);
    // Run again, it has nothing left to do.
    expect(await rotateSecrets()).toContain('two_factor.sealed_secret: 0 resealed, 2 already under the current key');

    // Key A dropped: everything opens under B alone.
    const rotated = await restart({ ENCRYPTION_KEY: keyB });
    await stillWorks(rotated.url, traders[1]!);
  },
);
