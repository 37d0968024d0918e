import { randomUUID } from 'node:crypto';
import { createLogger } from '../../../server/platform/logger/logger';
import { createApiKey, signedCall } from '../../support/binance-client';
import { eventually } from '../../support/eventually';
import { startPostgresServer, type PostgresServer } from '../../support/postgres-server';
import { startTestExchange, type TestExchange } from '../../support/test-exchange';
import { fundedTrader } from '../../support/trader-fixtures';
import { signedParams, WsApiClient } from '../../support/ws-api-client';

/**
 * The database restarted under a running exchange (a PostgreSQL of the test's own: the machine's is
 * never touched): requests meanwhile answer 503 with Retry-After, in {detail} under /api and in
 * Binance's {code, msg} under /api/v3 (503 in the WebSocket API's answers too), never 500; the log
 * says once that the database went and once that it came back, not a line per request nor per
 * round of the market maker, which quotes on through it.
 */
jest.setTimeout(180_000);

let postgres: PostgresServer;
let server: TestExchange;
const logged: Array<{ level: number; msg: string }> = [];

beforeAll(async () => {
  postgres = await startPostgresServer();
  const logger = createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) });
  server = await startTestExchange({ DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '4', MARKET_MAKER: 'on' }, logger);
});
afterAll(async () => {
  await server?.close();
  await postgres?.remove();
});

interface Answer {
  call: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
  /** Sent after the database was started again. */
  afterRestart: boolean;
}

async function answerOf(response: Response) {
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: JSON.parse(text) };
}

it('a restart of the database: answers are 2xx, 4xx or 503 with Retry-After, and the log says so once', async () => {
  const trader = await fundedTrader(server, { USD: '100000', XRP: '100000' }, 'Outage Trader');
  const key = await createApiKey(trader.client);
  const web = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${trader.client.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(answerOf);
  const binance = async (path: string, params: Record<string, string> = {}) => {
    const answer = await signedCall(server.url, key, 'GET', path, params);
    return { status: answer.status, retryAfter: answer.headers['retry-after'] ?? null, body: answer.body };
  };
  const wsApi = await WsApiClient.connect(server.url);
  // A key of its own: a key read from the database is trusted for a second, and one shared with the
  // REST calls would be read afresh by them, leaving the logon nothing to be refused for.
  const wsKey = await createApiKey(trader.client);
  // A WebSocket API answer has no headers: its status alone says 503.
  const wsLogon = async () => {
    const answer = await wsApi.request('session.logon', signedParams(wsKey));
    return { status: answer.status as number, retryAfter: null, body: answer.error ?? answer.result };
  };
  const calls: Record<string, () => Promise<Omit<Answer, 'call' | 'afterRestart'>>> = {
    balance: () => web('GET', '/user/balance'),
    'open orders': () => web('GET', '/trading/orders/open'),
    order: () => web('POST', '/trading/order', { symbol: 'XRPUSDT', side: 'buy', type: 'limit', amount: 10, price: 1 }),
    deposit: () => web('POST', '/deposit/request?amount=10'),
    login: () => web('POST', '/auth/login', { email: trader.email, password: trader.password }),
    'Binance account': () => binance('/account'),
    'Binance open orders': () => binance('/openOrders', { symbol: 'XRPUSDT' }),
    'WebSocket API logon': wsLogon,
  };

  const answers: Answer[] = [];
  let restarted = false;
  let running = true;
  const loops = Object.entries(calls).map(async ([call, send]) => {
    while (running) {
      const afterRestart = restarted;
      answers.push({ call, afterRestart, ...(await send()) });
    }
  });
  const count = (status: number) => answers.filter((answer) => answer.status === status).length;
  const untilAnswered = (what: string, met: () => boolean) =>
    eventually(async () => (met() ? true : undefined), 60_000, what);

  await untilAnswered('answers before the restart', () => count(200) >= 50);
  await postgres.stop();
  await untilAnswered('every call refused while the database is down', () =>
    Object.keys(calls).every((call) => answers.some((a) => a.call === call && a.status >= 500)),
  );
  await postgres.start();
  restarted = true;
  // Back: every call is answered again as before (the order book's writer included).
  await untilAnswered('every call answered after the restart', () =>
    Object.keys(calls).every((call) => answers.some((a) => a.call === call && a.afterRestart && a.status < 500)),
  );
  running = false;
  await Promise.all(loops);
  wsApi.close();

  const unexpected = answers.filter(
    (answer) =>
      answer.status >= 500 &&
      !(answer.status === 503 && (Number(answer.retryAfter) > 0 || answer.call === 'WebSocket API logon')),
  );
  expect(unexpected).toEqual([]);
  const refusals = (call: string) =>
    new Set(answers.filter((a) => a.call === call && a.status === 503).map((a) => JSON.stringify(a.body)));
  expect(refusals('balance')).toEqual(
    new Set([JSON.stringify({ detail: 'Service temporarily unavailable, please retry' })]),
  );
  const disconnected = { code: -1001, msg: 'Internal error; unable to process your request. Please try again.' };
  expect(refusals('Binance account')).toEqual(new Set([JSON.stringify(disconnected)]));
  expect(refusals('WebSocket API logon')).toEqual(new Set([JSON.stringify(disconnected)]));

  const lines = (msg: string) => logged.filter((line) => line.msg === msg);
  await eventually(async () => lines('database reachable again')[0], 10_000, 'the recovery logged');
  expect(lines('request failed')).toEqual([]);
  expect(lines('WebSocket API request failed')).toEqual([]);
  expect(lines('market maker round failed')).toEqual([]);
  expect(lines('database unreachable: requests that need it answer 503')).toHaveLength(1);
  expect(lines('database reachable again')).toHaveLength(1);
});
