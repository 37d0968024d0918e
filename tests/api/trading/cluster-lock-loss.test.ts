import { createClient } from 'redis';
import type { DataSource } from 'typeorm';
import { ENTITIES } from '../../../server/entities';
import { createDataSource } from '../../../server/platform/db/data-source';
import { LOCK_SESSION_NAME, lockKey } from '../../../server/trading/cluster/advisory-locks';
import { bookChannel } from '../../../server/trading/cluster/book-messages';
import { bookLock } from '../../../server/trading/cluster/book-ownership';
import { eventually } from '../../support/eventually';
import { startClusterProcess, type ExchangeProcess } from '../../support/exchange-process';
import { createFreshDatabase, type FreshDatabase } from '../../support/fresh-database';
import { ApiClient, registerTrader } from '../../support/http-client';
import { brokenMoneyPromises } from '../../support/money-invariants';
import { OPENING_BOOK_MARKETS } from '../../support/opening-catalog';
import { TEST_REDIS_PREFIX } from '../../support/redis-namespace';
import { approveKyc, credit } from '../../support/trader-fixtures';
import { severalProcesses as clustered } from '../../support/test-exchange';

/**
 * Two CLUSTER=on processes whose lock sessions PostgreSQL ends (as a database failover does): the
 * processes live on, stop serving their books, open a session again and claim the books back,
 * rebuilt from the database, each book served by one process.
 */
const UNAVAILABLE = 'Market temporarily unavailable, please retry';

jest.setTimeout(180_000);

(clustered ? describe : describe.skip)('cluster processes losing their advisory lock session', () => {
  let database: FreshDatabase;
  let db: DataSource;
  let redis: ReturnType<typeof createClient>;
  const processes: ExchangeProcess[] = [];
  let trader: Awaited<ReturnType<typeof registerTrader>>;
  /** Orders placed and resting, per symbol: [price, amount] as depth shows them. */
  const resting = new Map<string, Array<[number, number]>>();
  let nextLevel = 2;

  /** A buy on `symbol` resting well below its seed price (each call one level lower), worth about 40 USD. */
  const restingBuy = (symbol: string) => {
    const market = OPENING_BOOK_MARKETS.find((m) => m.symbol === symbol)!;
    const decimals = (step: string) => step.split('.')[1]?.length ?? 0;
    const price = Number((Number(market.seedPrice) / nextLevel++).toFixed(decimals(market.tickSize)));
    const lot = Number(market.lotSize);
    const amount = Number((Math.ceil(40 / price / lot) * lot).toFixed(decimals(market.lotSize)));
    return { symbol, side: 'buy', type: 'limit', price, amount };
  };

  /** Places a resting buy on every book through `exchange`, retrying until it is accepted. */
  const placeOnEveryBook = async (exchange: ExchangeProcess, deadlineMs: number) => {
    const client = new ApiClient(exchange.url, trader.client.token);
    for (const { symbol } of OPENING_BOOK_MARKETS) {
      const order = restingBuy(symbol);
      const placed = await eventually(
        async () => {
          const answer = await client.post('/trading/order', order);
          // Meanwhile: refused as unavailable, nothing else.
          if (answer.status !== 200) expect(answer).toEqual({ status: 503, body: { detail: UNAVAILABLE } });
          return answer.status === 200 ? answer.body : undefined;
        },
        deadlineMs,
        `an order on ${symbol} accepted through ${exchange.url}`,
      );
      expect(placed.status).toBe('new');
      resting.set(symbol, [...(resting.get(symbol) ?? []), [order.price, order.amount]]);
    }
  };

  /** Every order placed so far rests on its book, as either process reads it. */
  const expectRestingOrdersShown = async () => {
    for (const exchange of processes)
      for (const [symbol, levels] of resting) {
        const depth = (await new ApiClient(exchange.url).get(`/market/depth?symbol=${symbol}&limit=100`)).body;
        for (const level of levels) expect(depth.bids).toContainEqual(level);
      }
  };

  /** The sessions holding the advisory lock `name` in this database. */
  const lockHolders = async (name: string): Promise<number[]> =>
    (
      await db.query(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND classid::text = $1 AND objid::text = $2`,
        advisoryKeyParts(name),
      )
    ).map((row: { pid: number }) => row.pid);

  /** Per book: the lock sessions holding its lock, and the processes answering its calls. */
  const bookHolders = async () => {
    const holders = new Map<string, { sessions: number[]; listeners: number }>();
    const namespace = `${TEST_REDIS_PREFIX}:cluster`;
    for (const { symbol } of OPENING_BOOK_MARKETS) {
      const channel = `${namespace}:${bookChannel(symbol)}`;
      const listeners = (await redis.pubSubNumSub(channel))[channel] ?? 0;
      holders.set(symbol, { sessions: await lockHolders(bookLock(symbol)), listeners });
    }
    return holders;
  };

  /** Waits until every book has one lock holder and one process answering for it; resolves to the holders' sessions. */
  const eachBookServedOnce = () =>
    eventually(
      async () => {
        const holders = await bookHolders();
        const once = [...holders.values()].every((h) => h.sessions.length === 1 && h.listeners === 1);
        return once ? new Set([...holders.values()].map((h) => h.sessions[0]!)) : undefined;
      },
      30_000,
      'every book locked and served by one process',
    );

  const terminate = async (where: string, params: unknown[] = []) => {
    const ended: unknown[] = await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = '${LOCK_SESSION_NAME}' AND datname = current_database() AND ${where}`,
      params,
    );
    return ended.length;
  };

  /** Orders sent on every book through both processes while the sessions end: those accepted must rest. */
  const ordersDuringLoss = async (loss: () => Promise<unknown>) => {
    const sent = processes.flatMap((exchange) =>
      OPENING_BOOK_MARKETS.map(({ symbol }) => {
        const order = restingBuy(symbol);
        return new ApiClient(exchange.url, trader.client.token).post('/trading/order', order).then((answer) => {
          if (answer.status !== 200) expect(answer).toEqual({ status: 503, body: { detail: UNAVAILABLE } });
          else resting.set(symbol, [...(resting.get(symbol) ?? []), [order.price, order.amount]]);
        });
      }),
    );
    await loss();
    await Promise.all(sent);
  };

  const expectAllAlive = () => {
    for (const exchange of processes) expect(exchange.exitCode()).toBeUndefined();
  };

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.TEST_DATABASE_URL!, 'lock_loss');
    processes.push(await startClusterProcess(database.url, { LOG_LEVEL: 'info' }));
    processes.push(await startClusterProcess(database.url, { LOG_LEVEL: 'info' }));
    db = createDataSource({ url: database.url, poolSize: 2, entities: ENTITIES });
    await db.initialize();
    redis = createClient({ url: process.env.REDIS_URL });
    await redis.connect();
    const registered = await registerTrader(new ApiClient(processes[0]!.url));
    await approveKyc(db, registered.user.id);
    await credit(db, registered.user.id, 'USD', '100000');
    trader = registered;
    await placeOnEveryBook(processes[0]!, 10_000);
    await placeOnEveryBook(processes[1]!, 10_000);
  });

  afterAll(async () => {
    for (const exchange of processes) await exchange.kill('SIGKILL');
    await redis?.quit();
    await db?.destroy();
    await database?.drop();
  });

  it('both processes losing their lock sessions live on, claim the books back rebuilt, and serve every book through either process', async () => {
    await ordersDuringLoss(async () => expect(await terminate('true')).toBe(2));

    for (const exchange of processes) await placeOnEveryBook(exchange, 30_000);
    expectAllAlive();
    for (const exchange of processes) {
      expect(exchange.output()).toContain('advisory lock session lost');
      expect(exchange.output()).toContain('advisory lock session open again');
    }
    await eachBookServedOnce();
    await expectRestingOrdersShown();
    expect(await brokenMoneyPromises(db)).toEqual([]);
    // The singletons were stood down and elected again, each in one process.
    for (const election of ['market-data-pushes', 'market-room-pushes', 'market-streams'])
      await eventually(
        async () => ((await lockHolders(election)).length === 1 ? true : undefined),
        30_000,
        `${election} elected again`,
      );
  });

  it('the owner alone losing its session: its books move or come back, and no book is served by two processes', async () => {
    const [owner] = await eachBookServedOnce();
    await ordersDuringLoss(async () => expect(await terminate('pid = $1', [owner])).toBe(1));

    for (const exchange of processes) await placeOnEveryBook(exchange, 30_000);
    expectAllAlive();
    const sessions = await eachBookServedOnce();
    expect(sessions.has(owner!)).toBe(false);
    await expectRestingOrdersShown();
    expect(await brokenMoneyPromises(db)).toEqual([]);
    for (const exchange of processes) expect(exchange.output()).not.toContain('RECOVERY MISMATCH');
  });
});

/** pg_locks shows a bigint advisory key as its high (classid) and low (objid) 32 bits. */
function advisoryKeyParts(name: string): [string, string] {
  const key = BigInt.asUintN(64, BigInt(lockKey(name)));
  return [(key >> 32n).toString(), (key & 0xffffffffn).toString()];
}
