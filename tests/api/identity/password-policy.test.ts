import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { ensureAdmin } from '../../../server/identity/auth/admin-bootstrap';
import { createLogger } from '../../../server/platform/logger/logger';
import { startExchangeProcess } from '../../support/exchange-process';
import { ApiClient, loginAs, uniqueEmail } from '../../support/http-client';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';

let server: TestExchange;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestExchange();
  api = new ApiClient(server.url);
});
afterAll(() => server?.close());

const register = (password: string, email = uniqueEmail(), full_name = 'Ann Trader') =>
  api.post('/auth/register', { email, password, full_name });

describe('registration refuses guessable passwords', () => {
  it.each([
    ['a run of digits', '12345678'],
    ['the most common password', 'password'],
    ['a common word with a digit', 'password1'],
    ['a keyboard row', 'qwertyuiop'],
  ])('refuses %s (%s) with 400 saying it is too easy to guess', async (_case, password) => {
    const response = await register(password);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.stringMatching(/^Password is too easy to guess\./) });
  });

  it('refuses eight spaces and any other whitespace-only password as blank', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0'), minLength: 8, maxLength: 40 }),
        async (blank) => {
          const response = await register(blank);
          expect(response.status).toBe(400);
          expect(response.body).toEqual({ detail: 'Password cannot be blank' });
        },
      ),
      { numRuns: 15 },
    );
    expect((await register('        ')).body).toEqual({ detail: 'Password cannot be blank' });
  });

  it('refuses the e-mail itself, in any case and with spaces around it', async () => {
    const email = uniqueEmail('long-enough-address');
    for (const password of [email, email.toUpperCase(), `  ${email} `]) {
      const response = await register(password, email);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: 'Password cannot be your email address' });
    }
  });

  it("refuses a password made of the user's own name and e-mail", async () => {
    const response = await register('ann.trader', 'ann.trader@example.com', 'Ann Trader');
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/^Password is too easy to guess\. There should not be any personal/);
  });

  it.each(['correct-horse-battery', 'sunny-ledger-42', 'Tr4der-Pa55word', 'violet harbor seventy'])(
    'accepts a good password (%s) and signs in with it',
    async (password) => {
      const email = uniqueEmail();
      expect((await register(password, email)).status).toBe(200);
      await loginAs(api, email, password);
    },
  );

  it('accepts a random password of the greatest length', async () => {
    const password = randomBytes(96).toString('base64url');
    expect(password).toHaveLength(128);
    expect((await register(password)).status).toBe(200);
  });

  it('keeps the length rules and their messages', async () => {
    expect((await register('Xq7#')).body).toEqual({ detail: 'Password must be at least 8 characters' });
    expect((await register(`${'Xq7#'.repeat(32)}z`)).body).toEqual({
      detail: 'Password must be at most 128 characters',
    });
  });
});

describe('administrators get the same rule', () => {
  /** A server process on an embedded database of its own in `dataDir`, with no administrator configured. */
  const ownExchange = (dataDir?: string) =>
    startExchangeProcess({ DATABASE_URL: '', REDIS_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }, dataDir);

  it('refuses a guessable ADMIN_PASSWORD at start, naming the variable', async () => {
    const configured = { email: uniqueEmail('admin'), password: 'password1' };
    await expect(ensureAdmin(server.exchange.context.dataSource, createLogger('silent'), configured)).rejects.toThrow(
      /^ADMIN_PASSWORD: Password is too easy to guess\./,
    );
  });

  it('generates an administrator password that passes the rule and signs in', async () => {
    const exchange = await ownExchange();
    try {
      const [, email, password] = /E-mail: (\S+)\s+Password: (\S+)/.exec(exchange.output()) ?? [];
      const admin = await loginAs(new ApiClient(exchange.url), email!, password!);
      expect((await admin.get('/auth/me')).body.is_admin).toBe(true);
    } finally {
      await exchange.kill('SIGTERM');
    }
  }, 90_000);

  describe('npm run admin:create', () => {
    const root = path.join(__dirname, '..', '..', '..');
    /** The script against an embedded database in `dataDir`, as an operator would run it. */
    const createAdmin = (dataDir: string, ...args: string[]) =>
      promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/scripts/create-admin.ts', ...args], {
        cwd: root,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });
    const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'exchange-admin-'));

    it('refuses a guessable --password', async () => {
      await expect(
        createAdmin(newDataDir(), '--email', 'ops@example.com', '--password', 'password1'),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^--password: Password is too easy to guess\./),
      });
    }, 60_000);

    it('creates an administrator with a generated password that signs in', async () => {
      const dataDir = newDataDir();
      const { stdout } = await createAdmin(dataDir, '--email', 'ops@example.com');
      const [, password] = /Password: (\S+)/.exec(stdout) ?? [];
      const exchange = await ownExchange(dataDir);
      try {
        await loginAs(new ApiClient(exchange.url), 'ops@example.com', password!);
      } finally {
        await exchange.kill('SIGTERM');
      }
    }, 120_000);
  });
});
