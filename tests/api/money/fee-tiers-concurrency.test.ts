import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ENTITIES } from '../../../server/entities';
import type { Database } from '../../../server/platform/db/database';
import { createDataSource } from '../../../server/platform/db/data-source';
import { feeTiers, recomputeFeeTiers, seedFeeTiers, tierFor } from '../../../server/trading/fee-tiers/fee-tiers';
import { openTestDatabase } from '../../support/fixture-trades';

/**
 * Every process places every trader at start and hourly: two placements at once, each on its own
 * connection, over the same traders, must both succeed (no deadlock) and leave the rows right.
 * Two connections need real PostgreSQL; the embedded database serves one.
 */
const twoConnections = process.env.TEST_DATABASE_POOL_SIZE !== '1';

const TRADERS = 300;
const ROUNDS = 40;
/** Trades under a symbol no market lists: they count in the traders' volumes only. */
const SYMBOL = 'TIERRACE';

(twoConnections ? describe : describe.skip)('two processes placing traders at once', () => {
  let one: Database;
  /**
   * The second process's connection, whose planner does not hash-join (it merges, in id order): two
   * processes plan differently when the statistics change between their plans.
   */
  let two: DataSource;
  let traderIds: string[] = [];

  beforeAll(async () => {
    one = await openTestDatabase();
    two = createDataSource({
      url: process.env.TEST_DATABASE_URL!,
      poolSize: 1,
      entities: ENTITIES,
      onConnect: (client) => client.query('SET enable_hashjoin = off'),
    });
    await two.initialize();
    await seedFeeTiers(one.dataSource, { maker: '0.001', taker: '0.001' });
    const rows: Array<{ id: string }> = await one.dataSource.query(
      `INSERT INTO users (email, full_name, password_hash, kyc_status)
       SELECT 'tier-race-' || i || '-' || $2 || '@test.local', 'Tier Race ' || i, 'not-a-hash', 'approved'
         FROM generate_series(1, $1::int) AS i
       RETURNING id`,
      [TRADERS, randomUUID().slice(0, 8)],
    );
    traderIds = rows.map((row) => row.id);
    // Trader i trades i x 400,000 as maker: volumes from 400 thousand to 120 million, across every seeded tier.
    await one.dataSource.query(
      `INSERT INTO trades (id, symbol, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                           maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
       SELECT gen_random_uuid(), $2, n, 400000, n, 400000 * n, 'buy', gen_random_uuid(), gen_random_uuid(),
              t.id, gen_random_uuid(), 0, 0, now()
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
      [traderIds, SYMBOL],
    );
  });

  afterAll(async () => {
    await one?.dataSource.query('DELETE FROM trades WHERE symbol = $1', [SYMBOL]);
    await one?.dataSource.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [traderIds]);
    await one?.close();
    await two?.destroy();
  });

  const stored = async () =>
    one.dataSource.query(
      `SELECT id, fee_tier, tier_maker_rate::float8::text AS maker, tier_taker_rate::float8::text AS taker,
              volume_30d::float8::text AS volume
         FROM users WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [traderIds],
    );

  it('both succeed every time, and every trader ends in the tier its volume reaches', async () => {
    const tiers = await feeTiers(one.dataSource.manager);
    const expected = traderIds
      .map((id, i) => {
        const volume = 400_000 * (i + 1);
        const tier = tierFor(tiers, volume);
        return { id, fee_tier: tier.name, maker: tier.maker_rate, taker: tier.taker_rate, volume: String(volume) };
      })
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(new Set(expected.map((row) => row.fee_tier)).size).toBe(tiers.length);
    for (let round = 0; round < ROUNDS; round++) {
      // Unplaced again, so both runs find every row to write.
      await one.dataSource.query(
        `UPDATE users SET fee_tier = NULL, tier_maker_rate = NULL, tier_taker_rate = NULL, volume_30d = 0
          WHERE id = ANY($1::uuid[])`,
        [traderIds],
      );
      const outcomes = await Promise.allSettled([recomputeFeeTiers(one.dataSource), recomputeFeeTiers(two)]);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const moved = outcomes.reduce((sum, outcome) => sum + (outcome.status === 'fulfilled' ? outcome.value : 0), 0);
      // Between them they wrote every trader (a row the other run had written is found right and skipped).
      expect(moved).toBeGreaterThanOrEqual(TRADERS);
      expect(await stored()).toEqual(expected);
    }
  });
});
