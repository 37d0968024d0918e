import { randomUUID } from 'node:crypto';
import { createEventBus, type EventBus } from '../../../server/platform/bus/event-bus';
import { connectRedis, type Redis } from '../../../server/platform/bus/redis';
import { createLogger } from '../../../server/platform/logger/logger';
import { ListenerAudience } from '../../../server/gateways/streams/listener-audience';
import { MARKET_LISTENERS_TOPIC } from '../../../server/gateways/streams/streams.module';
import { eventually } from '../../support/eventually';
import { TEST_REDIS_PREFIX } from '../../support/redis-namespace';
import { startTestExchange } from '../../support/test-exchange';

/**
 * Which users have a user data stream in some process, known in every process: several audiences
 * on one bus stand for several processes (the in-memory bus, and Redis when the tests have it).
 */
const HEARTBEAT_MS = 200;
/** The exchange's own heartbeat (listener-audience.ts). */
const MARKET_HEARTBEAT_MS = 5_000;
const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started: ListenerAudience[] = [];
const buses: EventBus[] = [];
const clients: Redis[] = [];
afterEach(async () => {
  for (const audience of started.splice(0)) audience.stop();
  for (const bus of buses.splice(0)) await bus.close();
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});

/** A process's audience on `bus`, holding the users in `held`. */
async function audienceOn(bus: EventBus, held: Set<string> = new Set()) {
  const audience = new ListenerAudience(bus, 'test.listeners', () => held, HEARTBEAT_MS);
  await audience.start();
  started.push(audience);
  return { audience, held };
}

const kinds: Array<[string, () => Promise<() => Promise<EventBus>>]> = [
  [
    'the in-memory bus',
    async () => {
      const bus = await createEventBus(null, 'audience', logger);
      buses.push(bus);
      return async () => bus;
    },
  ],
];
if (process.env.REDIS_URL)
  kinds.push([
    'Redis',
    async () => {
      const prefix = `audience-test-${randomUUID()}`;
      return async () => {
        const client = await connectRedis(process.env.REDIS_URL!);
        clients.push(client);
        const bus = await createEventBus(client, prefix, logger);
        buses.push(bus);
        return bus;
      };
    },
  ]);

describe.each(kinds)('over %s', (kind, busFactory) => {
  /** Two processes, past the time a starting process counts everyone. */
  async function twoProcesses() {
    const nextBus = await busFactory();
    const first = await audienceOn(await nextBus());
    const second = await audienceOn(await nextBus());
    if (kind === 'Redis') await eventually(async () => (second.audience.listened(randomUUID()) ? undefined : true));
    return [first, second] as const;
  }

  it("counts a user in every process once their first stream's announcement has come back", async () => {
    const [first, second] = await twoProcesses();
    const userId = randomUUID();
    expect(second.audience.listened(userId)).toBe(false);
    await first.audience.adding(userId);
    first.held.add(userId);
    expect(first.audience.listened(userId)).toBe(true);
    expect(second.audience.listened(userId)).toBe(true);
    expect(second.audience.listened(randomUUID())).toBe(false);
  });

  it('stops counting a user at the heartbeat after their last stream ended', async () => {
    const [first, second] = await twoProcesses();
    const userId = randomUUID();
    await first.audience.adding(userId);
    first.held.add(userId);
    await sleep(HEARTBEAT_MS * 2);
    expect(second.audience.listened(userId)).toBe(true);
    first.held.delete(userId);
    await eventually(async () => (second.audience.listened(userId) ? undefined : true), 5000, 'the user forgotten');
    expect(first.audience.listened(userId)).toBe(false);
  });

  it('forgets the users of a process that stopped telling', async () => {
    const [first, second] = await twoProcesses();
    const userId = randomUUID();
    await first.audience.adding(userId);
    first.held.add(userId);
    first.audience.stop();
    await eventually(async () => (second.audience.listened(userId) ? undefined : true), 5000, 'the process forgotten');
  });
});

(process.env.REDIS_URL ? it : it.skip)(
  'a process that has just started counts everyone until it has heard the others, who answer it at once',
  async () => {
    const prefix = `audience-test-${randomUUID()}`;
    const bus = async () => {
      const client = await connectRedis(process.env.REDIS_URL!);
      clients.push(client);
      const created = await createEventBus(client, prefix, logger);
      buses.push(created);
      return created;
    };
    const userId = randomUUID();
    const old = await audienceOn(await bus(), new Set([userId]));
    const fresh = await audienceOn(await bus());
    expect(fresh.audience.listened(randomUUID())).toBe(true);
    await eventually(async () => (fresh.audience.listened(randomUUID()) ? undefined : true), 10_000, 'the window');
    expect(fresh.audience.listened(userId)).toBe(true);
    expect(old.audience.listened(userId)).toBe(true);
  },
);

// With Redis every exchange tells the others which market streams it serves, every 5 s, until it closes.
(process.env.REDIS_URL ? it : it.skip)(
  'a closed exchange stops telling the others which market streams it serves',
  async () => {
    const exchange = await startTestExchange();
    const { registry } = exchange.exchange.context.metrics;
    const published = async () =>
      (await registry.getSingleMetric('exchange_bus_messages_published_total')!.get()).values[0]!.value;
    const heard: unknown[] = [];
    const listener = await connectRedis(process.env.REDIS_URL!);
    clients.push(listener);
    await listener.subscribe(`${TEST_REDIS_PREFIX}:${MARKET_LISTENERS_TOPIC}`, (raw) => heard.push(JSON.parse(raw)));
    try {
      // Its heartbeat, while it runs.
      await eventually(async () => (heard.length > 0 ? true : undefined), 8_000, 'a heartbeat');
    } finally {
      await exchange.close();
    }
    // Not a heartbeat more, not even one its closed bus would refuse (and retry for seconds, keeping the process up).
    const atClose = await published();
    await sleep(MARKET_HEARTBEAT_MS + 1_000);
    expect(await published()).toBe(atClose);
  },
  20_000,
);
