import { IpBans } from '../../server/gateways/binance/protocol/ip-bans';
import { createEventBus } from '../../server/platform/bus/event-bus';
import { loadConfig } from '../../server/platform/config/config';
import { createLogger } from '../../server/platform/logger/logger';

/**
 * Bans made by one process on its own, as while Redis is down: after 2 refusals past the limit, 1
 * minute, each repeat within a day of the last twice as long, up to 3 minutes. The clock is the test's.
 */
let now = 1_000_000;
async function processBans(
  settings: Record<string, string> = { API_BAN_AFTER_429S: '2', API_BAN_DURATION: '1m', API_BAN_MAX_DURATION: '3m' },
) {
  const logger = createLogger('silent');
  const config = loadConfig(settings);
  const bans = new IpBans(
    { config, redis: null, redisPrefix: 'test', bus: await createEventBus(null, 'test', logger), logger },
    () => now,
  );
  await bans.start();
  return bans;
}

/** Refusals of `address` until the one that bans it: the ban's length in ms. */
async function banLength(bans: IpBans, address: string): Promise<number> {
  for (let refusals = 1; refusals <= 3; refusals++) {
    expect(bans.refusal(address)).toBeNull();
    await bans.countRefusal(address);
  }
  const banned = bans.refusal(address)!;
  expect(banned.error).toMatchObject({ status: 418, code: -1003 });
  const until = Number(/banned until (\d+)\./.exec(banned.error.message)![1]);
  expect(banned.retryAfter).toBe(Math.ceil((until - now) / 1000));
  return until - now;
}

it('bans for the first duration, each repeat twice as long up to the longest, and forgets a day after', async () => {
  const bans = await processBans();
  const lengths = [];
  for (let i = 0; i < 4; i++) {
    lengths.push(await banLength(bans, '192.0.2.1'));
    expect(bans.refusal('192.0.2.2')).toBeNull();
    now += lengths.at(-1)!;
    expect(bans.refusal('192.0.2.1')).toBeNull();
  }
  expect(lengths).toEqual([60_000, 120_000, 180_000, 180_000]);
  // A day after its last ban ended, the address starts over.
  now += 24 * 3_600_000;
  expect(await banLength(bans, '192.0.2.1')).toBe(60_000);
});

it('never bans with API_BAN_AFTER_429S=0', async () => {
  const bans = await processBans({ API_BAN_AFTER_429S: '0' });
  for (let i = 0; i < 1000; i++) await bans.countRefusal('192.0.2.1');
  expect(bans.refusal('192.0.2.1')).toBeNull();
});
