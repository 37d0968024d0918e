import { query, useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, loginAs, registerTrader, uniqueEmail } from '../../support/http-client';
import { codeAt, enableTwoFactor, wrongCode } from '../../support/two-factor';

/** Every login to a known account is remembered: when, from where, with what, and why a refused one was refused. */

const suite = useBackOfficeExchange();

const loginFrom = (userAgent: string, body: Record<string, string>) =>
  suite.api.request('POST', '/auth/login', { body, headers: { 'user-agent': userAgent } });

interface Entry {
  id: string;
  created_at: string;
  ip: string;
  user_agent: string;
  success: boolean;
  failure: string | null;
}

const historyOf = async (client: ApiClient) => {
  const response = await client.get('/account/logins');
  expect(response.status).toBe(200);
  return response.body as Entry[];
};

it('lists successes and each reason of failure, newest first, with address and device', async () => {
  const { client, email, password, user } = await registerTrader(suite.api);
  const { secret, step, recoveryCodes } = await enableTwoFactor(client);
  expect((await loginFrom('Guesser/1', { email, password: 'wrong-password-1' })).status).toBe(401);
  expect((await loginFrom('Phone/2', { email, password })).status).toBe(401);
  expect((await loginFrom('Phone/2', { email, password, totp: await wrongCode(secret) })).status).toBe(401);
  expect((await loginFrom('Phone/2', { email, password, totp: await codeAt(secret, step + 1) })).status).toBe(200);
  const admin = suite.admin;
  expect((await admin.post(`/admin/user/suspend${query({ user_id: user.id })}`)).status).toBe(200);
  expect((await loginFrom('Phone/2', { email, password })).status).toBe(403);
  expect((await admin.post(`/admin/user/activate${query({ user_id: user.id })}`)).status).toBe(200);
  const laptop = await loginFrom('Laptop/3', { email, password, totp: recoveryCodes[0]! });
  expect(laptop.status).toBe(200);

  const history = await historyOf(suite.api.withToken(laptop.body.token));
  expect(history.map(({ user_agent, success, failure }) => [user_agent, success, failure])).toEqual([
    ['Laptop/3', true, null],
    ['Phone/2', false, 'account_suspended'],
    ['Phone/2', true, null],
    ['Phone/2', false, 'invalid_two_factor_code'],
    ['Phone/2', false, 'two_factor_required'],
    ['Guesser/1', false, 'wrong_password'],
    // Registering signs the account in.
    ['node', true, null],
  ]);
  for (const entry of history) expect(entry.ip).toBe('127.0.0.1');
  const times = history.map((entry) => Date.parse(entry.created_at));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});

it('remembers attempts refused while the account waits after failures', async () => {
  const { email, password } = await registerTrader(suite.api);
  for (let i = 0; i < 5; i++)
    expect((await loginFrom('Guesser/1', { email, password: `wrong-${i}-pw` })).status).toBe(401);
  // The first wait is a second: on a slow machine it may end before the next guess, which then
  // counts as a failure and starts a longer wait. Guess until one is refused.
  let refused: Awaited<ReturnType<typeof loginFrom>> | undefined;
  for (let i = 0; !refused && i < 5; i++) {
    const guess = await loginFrom('Guesser/1', { email, password: `wrong-again-${i}-pw` });
    if (guess.status === 429) refused = guess;
    else expect(guess.status).toBe(401);
  }
  expect(refused?.status).toBe(429);
  const waitSeconds = Number(/try again in (\d+) seconds?$/.exec(refused!.body.detail)![1]);
  await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000 + 100));
  const owner = await loginAs(suite.api, email, password);
  const failures = (await historyOf(owner)).map((entry) => entry.failure);
  expect(failures.slice(0, 3)).toEqual([null, 'too_many_attempts', 'wrong_password']);
});

it("shows only the caller's own logins, and remembers none for an e-mail nobody registered", async () => {
  const mine = await registerTrader(suite.api);
  const theirs = await registerTrader(suite.api);
  const { dataSource } = suite.server.exchange.context;
  const count = async () => (await dataSource.query('SELECT count(*)::int AS n FROM login_history'))[0].n as number;
  const before = await count();
  await loginFrom('Guesser/1', { email: theirs.email, password: 'wrong-password-1' });
  await loginFrom('Guesser/1', { email: uniqueEmail(), password: 'wrong-password-1' });
  expect(await count()).toBe(before + 1);
  expect((await historyOf(theirs.client)).map((entry) => entry.user_agent)).toEqual(['Guesser/1', 'node']);
  expect((await historyOf(mine.client)).map((entry) => entry.user_agent)).toEqual(['node']);
});

it('keeps the latest 50', async () => {
  const { client, email } = await registerTrader(suite.api);
  for (let i = 0; i < 52; i++)
    expect((await loginFrom(`Device/${i}`, { email, password: `wrong-password-${i}` })).status).toBeLessThan(500);
  const history = await historyOf(client);
  expect(history).toHaveLength(50);
  expect(history[0]!.user_agent).toBe('Device/51');
  expect(history[49]!.user_agent).toBe('Device/2');
});
