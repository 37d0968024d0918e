import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { PIDS, WRITE_URL } from '../../deploy/ha/topology';
import { ENTITIES } from '../../server/entities';
import { createDataSource } from '../../server/platform/db/data-source';
import { tradingReady } from '../support/exchange-process';
import { ApiClient, registerTrader } from '../support/http-client';
import { brokenExactlyOnce, brokenMoneyPromises } from '../support/money-invariants';
import {
  answered2xx,
  cancelOpenOrders,
  MoneyStream,
  settle,
  type MoneyRequest,
  type StreamTrader,
} from '../support/money-stream';
import { approveKyc, credit } from '../support/trader-fixtures';
import { haStatus, type HaStatus } from './ha-cli';

/**
 * Traders stream keyed orders, cancels, withdrawals, deposits and desk trades through HAProxy
 * while, one after the other, the PostgreSQL leader's postmaster, then the leader's whole node
 * (Patroni with it), the Redis master and one exchange process are SIGKILLed and the other
 * exchange process is restarted (SIGTERM): each by the pid `ha:status --json` gives. Afterwards
 * every request still undecided is sent again with its key, and every acknowledged change is there
 * exactly once, nothing else is, and the ledger explains every balance.
 */
const SYMBOL = 'XRPUSDT';

let database: DataSource;
beforeAll(async () => {
  database = createDataSource({ url: WRITE_URL, poolSize: 2, entities: ENTITIES });
  await database.initialize();
});
afterAll(() => database?.destroy());

/** Waits until `check` holds, asking every half second, for at most `seconds`. */
async function until(what: string, check: () => boolean | Promise<boolean>, seconds = 120) {
  for (const deadline = Date.now() + seconds * 1000; Date.now() < deadline; await sleep(500)) {
    if (await Promise.resolve(check()).catch(() => false)) return;
  }
  throw new Error(`${what}: not within ${seconds} s`);
}

/** The topology whole again: a leader with a synchronous standby, a Redis pair, both exchange processes serving. */
async function healed(): Promise<boolean> {
  const status = haStatus();
  const roles = status.postgres.map((pg) => pg.role).sort();
  if (roles.join() !== 'leader,sync_standby' || status.redis.length !== 2 || status.exchanges.length !== 2)
    return false;
  const health = await Promise.all(
    status.exchanges.map((e) => fetch(`http://127.0.0.1:${e.port}/api/health`).then((r) => r.ok)),
  );
  return health.every(Boolean);
}

/** The Patroni of the PostgreSQL node `name`, as its supervisor started it. */
const patroniPid = (name: string) => Number(readFileSync(path.join(PIDS, `${name}.pid`), 'utf8'));

/** The longest time within [from, to] with no request answered 2xx, in seconds. */
function longestOutage(requests: MoneyRequest[], from: number, to: number): number {
  const successes = requests
    .filter(answered2xx)
    .map((r) => r.answeredAt!)
    .sort((a, b) => a - b);
  const lastBefore = successes.filter((t) => t <= from).pop() ?? from;
  const within = [lastBefore, ...successes.filter((t) => t > from && t <= to), to];
  let longest = 0;
  for (let i = 1; i < within.length; i++) longest = Math.max(longest, within[i]! - within[i - 1]!);
  return longest / 1000;
}

it('the PostgreSQL leader, the Redis master and an exchange process killed, the other restarted, mid-stream: every acknowledged change is there once', async () => {
  const status = haStatus();
  const app = status.app;
  await tradingReady(app, new ApiClient(app));
  const traders: StreamTrader[] = [];
  for (let i = 0; i < 4; i++) {
    const trader = await registerTrader(new ApiClient(app), `Failover Trader ${i}`);
    await approveKyc(database, trader.user.id);
    await credit(database, trader.user.id, 'USD', '1000000');
    await credit(database, trader.user.id, 'XRP', '1000000');
    traders.push({ userId: trader.user.id, token: trader.client.token! });
  }
  const quotes = await new ApiClient(app, traders[0]!.token).get('/market/quotes');
  const price = Number(quotes.body.find((q: { symbol: string }) => q.symbol === SYMBOL).price);
  const stream = new MoneyStream(() => app, traders, SYMBOL, price);
  const successesSince = (at: number) => stream.requests.filter((r) => answered2xx(r) && r.answeredAt! > at).length;

  const faults: Array<{ fault: string; from: number; to: number }> = [];
  /** Waits for the stream to be going, strikes, then waits until it goes again and the topology is whole. */
  const strike = async (fault: string, pidsOf: (status: HaStatus) => number[], signal: NodeJS.Signals) => {
    await until('the stream going', () => successesSince(Date.now() - 2000) > 20);
    const from = Date.now();
    for (const pid of pidsOf(haStatus())) process.kill(pid, signal);
    await until(`requests succeeding after ${fault}`, () => successesSince(from) >= 200);
    await until(`the topology whole after ${fault}`, healed, 180);
    faults.push({ fault, from, to: Date.now() });
  };

  await stream.answered(300);
  const leader = (s: HaStatus) => s.postgres.find((pg) => pg.role === 'leader')!;
  await strike('PostgreSQL leader SIGKILL', (s) => [leader(s).pid], 'SIGKILL');
  // The leader's machine lost: its Patroni too, so the synchronous standby is promoted.
  await strike('PostgreSQL leader node lost', (s) => [patroniPid(leader(s).name), leader(s).pid], 'SIGKILL');
  await strike('Redis master SIGKILL', (s) => [s.redis.find((r) => r.role === 'master')!.pid], 'SIGKILL');
  await strike('exchange process SIGKILL', (s) => [s.exchanges[0]!.pid], 'SIGKILL');
  await strike('exchange process restart (SIGTERM)', (s) => [s.exchanges[1]!.pid], 'SIGTERM');
  const requests = await stream.stop();

  const byStatus = new Map<string, number>();
  for (const r of requests) {
    const what =
      typeof r.status === 'number' && r.status >= 400
        ? `${r.status} ${r.answer?.detail}`
        : r.status === 'no answer'
          ? `no answer (${r.failure})`
          : String(r.status);
    byStatus.set(what, (byStatus.get(what) ?? 0) + 1);
  }
  const during = (r: MoneyRequest) =>
    faults.find(({ from, to }) => r.answeredAt! >= from && r.answeredAt! <= to)?.fault;
  console.log(
    [
      `${requests.length} requests: ${[...byStatus].map(([what, n]) => `${n} × ${what}`).join(', ')}`,
      ...faults.map(
        ({ fault, from, to }) =>
          `${fault}: longest without a success ${longestOutage(requests, from, to).toFixed(1)} s; ` +
          `no answer ${requests.filter((r) => r.status === 'no answer' && during(r) === fault).length}`,
      ),
    ].join('\n'),
  );
  // A failure answers 503 with Retry-After, never another 5xx: the client knows to send it again.
  const failed = requests.filter((r) => typeof r.status === 'number' && r.status >= 500);
  expect(failed.filter((r) => r.status !== 503 || !r.retryAfter).map((r) => [r.status, r.answer])).toEqual([]);
  // No answer at all only for a request in flight on the process SIGKILLed (HAProxy closes its
  // client's connection); the retry with its key below answers what was committed.
  const unanswered = requests.filter((r) => r.status === 'no answer');
  expect(unanswered.filter((r) => during(r) !== 'exchange process SIGKILL').map((r) => [r.path, r.failure])).toEqual(
    [],
  );

  await settle(app, traders, requests);
  await cancelOpenOrders(app, traders);
  expect(await brokenExactlyOnce(database, requests)).toEqual([]);
  expect(await brokenMoneyPromises(database)).toEqual([]);
});
