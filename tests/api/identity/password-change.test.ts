import { useBackOfficeExchange } from '../../support/back-office';
import { ApiClient, loginAs, registerTrader } from '../../support/http-client';
import { RecordingSocket } from '../../support/market-socket';

/** Changing one's password: the current one asked again, the registration rule for the new one, every other session ended. */

const suite = useBackOfficeExchange();

const NEW_PASSWORD = 'violet-harbour-lantern-93';
const change = (client: ApiClient, current_password: string, new_password: string) =>
  client.post('/account/password', { current_password, new_password });

it('ends every other session, keeps the caller signed in, and the new password is the one that logs in', async () => {
  const { client, email, password } = await registerTrader(suite.api);
  const laptop = await loginAs(suite.api, email, password);
  const phone = await loginAs(suite.api, email, password);
  const phoneSocket = await RecordingSocket.connect(suite.server.url, phone.token);
  try {
    const closed = phoneSocket.closedByServer();
    expect(await change(client, password, NEW_PASSWORD)).toEqual({ status: 200, body: { sessions_ended: 2 } });
    expect(await closed).toBe('io server disconnect');
  } finally {
    phoneSocket.close();
  }
  for (const ended of [laptop, phone]) expect((await ended.get('/auth/me')).status).toBe(401);
  expect((await client.get('/auth/me')).status).toBe(200);
  expect((await suite.api.post('/auth/login', { email, password })).status).toBe(401);
  expect((await suite.api.post('/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
});

it('refuses a wrong current password, a guessable or too short new one, and the same one again, changing nothing', async () => {
  const { client, email, password } = await registerTrader(suite.api);
  const other = await loginAs(suite.api, email, password);
  expect(await change(client, 'not-my-password', NEW_PASSWORD)).toEqual({
    status: 400,
    body: { detail: 'Current password is incorrect' },
  });
  const guessable = await change(client, password, 'password1');
  expect(guessable.status).toBe(400);
  expect(guessable.body.detail).toMatch(/^Password is too easy to guess\./);
  expect(await change(client, password, email)).toEqual({
    status: 400,
    body: { detail: 'Password cannot be your email address' },
  });
  expect(await change(client, password, 'short')).toEqual({
    status: 400,
    body: { detail: 'Password must be at least 8 characters' },
  });
  expect(await change(client, password, password)).toEqual({
    status: 400,
    body: { detail: 'New password must be different from the current one' },
  });
  expect((await client.post('/account/password', { new_password: NEW_PASSWORD })).status).toBe(400);
  expect((await other.get('/auth/me')).status).toBe(200);
  expect((await suite.api.post('/auth/login', { email, password })).status).toBe(200);
});

it('throttles wrong current passwords as failed logins are: after five, the next change waits', async () => {
  const { client, password } = await registerTrader(suite.api);
  for (let i = 0; i < 5; i++) expect((await change(client, `wrong-password-${i}`, NEW_PASSWORD)).status).toBe(400);
  const refused = await change(client, password, NEW_PASSWORD);
  expect(refused.status).toBe(429);
  expect(refused.body.detail).toMatch(/^Too many failed logins for this account, please try again in \d+ seconds?$/);
  expect((await client.get('/auth/me')).status).toBe(200);
});

it("keeps wrong current passwords and wrong logins apart: neither's wait keeps the owner out of the other", async () => {
  const { client, email, password } = await registerTrader(suite.api);
  for (let i = 0; i < 5; i++) expect((await change(client, `wrong-password-${i}`, NEW_PASSWORD)).status).toBe(400);
  expect((await change(client, password, NEW_PASSWORD)).status).toBe(429);
  expect((await suite.api.post('/auth/login', { email, password })).status).toBe(200);

  const guessed = await registerTrader(suite.api);
  for (let i = 0; i < 5; i++) {
    expect((await suite.api.post('/auth/login', { email: guessed.email, password: `guess-${i}` })).status).toBe(401);
  }
  expect((await suite.api.post('/auth/login', { email: guessed.email, password: guessed.password })).status).toBe(429);
  expect(await change(guessed.client, guessed.password, NEW_PASSWORD)).toEqual({
    status: 200,
    body: { sessions_ended: 0 },
  });
});

it('needs a signed-in caller', async () => {
  expect((await change(suite.api, 'anything-at-all', NEW_PASSWORD)).status).toBe(401);
});
