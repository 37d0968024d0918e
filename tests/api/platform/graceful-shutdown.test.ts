import { connect } from 'node:net';
import { eventually } from '../../support/eventually';
import { startExchangeProcess } from '../../support/exchange-process';
import { RawConnection } from '../../support/raw-http';
import { StreamClient } from '../../support/stream-client';

/**
 * SIGTERM to a server process (server/main.ts): the port closes at once, the requests in flight
 * get their real answers, WebSocket clients are told to reconnect (1012), and the process exits 0;
 * one that cannot finish within SHUTDOWN_TIMEOUT exits 1 anyway.
 */
jest.setTimeout(120_000);

/** Whether a TCP connection to `url`'s port is accepted now. */
const accepts = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A registration whose body is sent in two parts: the request stays in flight until the second. */
async function registrationInFlight(url: string) {
  const email = `shutdown-${Date.now()}-${Math.random().toString(36).slice(2)}@test.local`;
  const body = JSON.stringify({ email, password: 'trader-password-1', full_name: 'Shutdown Trader' });
  const connection = await RawConnection.open(url);
  // The server answers 100 Continue once it has read the head: the request is in flight from then on.
  connection.writeHead('POST', '/api/auth/register', {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    Expect: '100-continue',
  });
  expect(await connection.continued()).toBe(true);
  await connection.write(body.slice(0, 10));
  return { email, connection, rest: body.slice(10) };
}

it('on SIGTERM: the port closes at once, requests in flight finish, WebSockets close 1012, the process exits 0', async () => {
  const exchange = await startExchangeProcess({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT: '30s' });
  try {
    const stream = await StreamClient.connect(exchange.url, '/ws/btcusdt@trade');
    const inFlight = await registrationInFlight(exchange.url);

    const exited = exchange.kill('SIGTERM');
    await eventually(async () => ((await accepts(exchange.url)) ? undefined : true), 10_000, 'the port closed');
    // Still draining: the registration waits for the rest of its body.
    expect(exchange.exitCode()).toBeUndefined();

    // The rest of the body, and a second request pipelined on the same kept-alive connection.
    await inFlight.connection.write(`${inFlight.rest}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const registered = await inFlight.connection.answer();
    expect(registered.status).toBe(200);
    // The body up to its length: the pipelined request's answer follows it.
    const answered = JSON.parse(registered.body.slice(0, Number(registered.headers['content-length'])));
    expect(answered.user.email).toBe(inFlight.email);
    expect(await inFlight.connection.untilClosed()).toBe(true);
    const refused = inFlight.connection.receivedText.split(/(?=HTTP\/1\.1 )/)[1] ?? '';
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(refused).toMatch(/\r\nconnection: close\r\n/i);
    expect(refused).toContain('{"detail":"Server restarting, please retry"}');

    expect(await stream.whenClosed()).toEqual({ code: 1012, reason: 'Service restart' });
    await exited;
    expect(exchange.exitCode()).toBe(0);
    expect(exchange.output()).not.toContain('shutdown did not finish');
    expect(await accepts(exchange.url)).toBe(false);
  } finally {
    await exchange.kill('SIGKILL');
  }
});

it('exits 1 when a request still in flight holds the shutdown beyond SHUTDOWN_TIMEOUT', async () => {
  const exchange = await startExchangeProcess({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT: '1s' });
  try {
    const inFlight = await registrationInFlight(exchange.url);
    await exchange.kill('SIGTERM');
    expect(exchange.exitCode()).toBe(1);
    expect(exchange.output()).toContain('shutdown did not finish within SHUTDOWN_TIMEOUT');
    inFlight.connection.close();
  } finally {
    await exchange.kill('SIGKILL');
  }
});
