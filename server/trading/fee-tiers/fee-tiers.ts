import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { money } from '../../kernel/money';
import { recordAudit } from '../../platform/audit/audit-log';
import { feeRateSchema } from '../../platform/config/config';
import { shortestDecimal, type BookMarket, type DefaultFeeRates } from '../../markets/catalog';
import { marketFeeRates, ppm } from '../sequencer/funds-hold';

/** One tier: a trader whose 30-day traded value reaches `min_volume_30d` (USD) pays its rates. */
export const feeTierSchema = z.object({
  name: z.string().trim().min(1).max(32),
  min_volume_30d: z.union([z.number(), z.string()]).transform((value, context) => {
    const text = String(value).trim();
    if (!/^\d+(\.\d{1,18})?$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'min_volume_30d must be a non-negative amount' });
      return z.NEVER;
    }
    return Number(text);
  }),
  maker_rate: feeRateSchema,
  taker_rate: feeRateSchema,
});

export type FeeTier = z.output<typeof feeTierSchema>;

export const feeTierView = z.object({
  name: z.string(),
  min_volume_30d: z.number(),
  maker_rate: z.string(),
  taker_rate: z.string(),
});

const tierList = z.array(feeTierSchema).min(1).max(50);
/** The whole list: as GET answers it (an array), or under `tiers`. */
export const feeTierListChange = z
  .preprocess((body) => (Array.isArray(body) ? { tiers: body } : body), z.object({ tiers: tierList }))
  .transform((body) => body.tiers);

/** A trader's tier as the last recomputation stored it. */
export const traderFeeTierView = z.object({
  tier: z.string(),
  volume_30d: z.number(),
  maker_rate: z.string(),
  taker_rate: z.string(),
});

/** The nil uuid: the audit entry's target when the whole tier list changes. */
const TIER_LIST_TARGET = '00000000-0000-0000-0000-000000000000';

/**
 * The tier a trader with `volume` pays: the one with the highest threshold it reaches. `tiers` is a
 * valid list (one tier at 0): every volume has a tier, and more volume never a lower one.
 */
export function tierFor<T extends Pick<FeeTier, 'min_volume_30d'>>(tiers: readonly T[], volume: number): T {
  let chosen: T | undefined;
  for (const tier of tiers)
    if (tier.min_volume_30d <= volume && (!chosen || tier.min_volume_30d > chosen.min_volume_30d)) chosen = tier;
  if (!chosen) throw new Error('no fee tier at volume 0');
  return chosen;
}

/** What makes a list one a trader could not be placed in (names repeat, no tier at 0, volumes not ascending), or null. */
export function tierListProblem(tiers: readonly FeeTier[]): string | null {
  const names = new Set(tiers.map((tier) => tier.name));
  if (names.size !== tiers.length) return 'Tier names must be unique';
  if (tiers[0]?.min_volume_30d !== 0) return 'The first tier must start at a 30-day volume of 0';
  for (let i = 1; i < tiers.length; i++)
    if (!(tiers[i]!.min_volume_30d > tiers[i - 1]!.min_volume_30d))
      return 'Tier volumes must be in strictly ascending order';
  return null;
}

type TierRow = { name: string; min_volume_30d: string; maker_rate: string; taker_rate: string };

const viewOf = (row: TierRow) => ({
  name: row.name,
  min_volume_30d: Number(row.min_volume_30d),
  maker_rate: shortestDecimal(row.maker_rate),
  taker_rate: shortestDecimal(row.taker_rate),
});

/** The tiers, by ascending volume. */
export async function feeTiers(manager: EntityManager): Promise<FeeTier[]> {
  const rows: TierRow[] = await manager.query(
    `SELECT name, min_volume_30d::text, maker_rate::text, taker_rate::text FROM fee_tiers ORDER BY fee_tiers.min_volume_30d`,
  );
  return rows.map(viewOf);
}

/**
 * The venue's first list, when it has none: a tier at 0 with the default rates (so traders pay what
 * they paid before tiers), then lower rates for more volume. Several processes may start at once:
 * the insert adds nothing once any tier exists (a concurrent one conflicts on the name).
 */
export async function seedFeeTiers(dataSource: DataSource, defaults: DefaultFeeRates): Promise<void> {
  const rate = (value: string, factor: number) => money(value).times(factor).toDecimalPlaces(6).toFixed();
  const seed = [
    { name: 'Regular User', volume: 0, factor: 1 },
    { name: 'VIP 1', volume: 1_000_000, factor: 0.9 },
    { name: 'VIP 2', volume: 5_000_000, factor: 0.8 },
    { name: 'VIP 3', volume: 20_000_000, factor: 0.7 },
    { name: 'VIP 4', volume: 100_000_000, factor: 0.6 },
  ];
  await dataSource.query(
    `INSERT INTO fee_tiers (name, min_volume_30d, maker_rate, taker_rate)
     SELECT * FROM unnest($1::varchar[], $2::numeric[], $3::numeric[], $4::numeric[])
      WHERE NOT EXISTS (SELECT 1 FROM fee_tiers)
     ON CONFLICT DO NOTHING`,
    [
      seed.map((s) => s.name),
      seed.map((s) => s.volume),
      seed.map((s) => rate(defaults.maker, s.factor)),
      seed.map((s) => rate(defaults.taker, s.factor)),
    ],
  );
}

/** Replaces the whole list (valid: tierListProblem), with an audit entry, then places every trader again. */
export async function replaceFeeTiers(dataSource: DataSource, adminId: string, tiers: FeeTier[]): Promise<FeeTier[]> {
  const problem = tierListProblem(tiers);
  if (problem) throw new Error(problem);
  await dataSource.transaction(async (manager) => {
    const before = await feeTiers(manager);
    await manager.query(`DELETE FROM fee_tiers`);
    await manager.query(
      `INSERT INTO fee_tiers (name, min_volume_30d, maker_rate, taker_rate)
       SELECT * FROM unnest($1::varchar[], $2::numeric[], $3::numeric[], $4::numeric[])`,
      [
        tiers.map((t) => t.name),
        tiers.map((t) => String(t.min_volume_30d)),
        tiers.map((t) => t.maker_rate),
        tiers.map((t) => t.taker_rate),
      ],
    );
    const text = (list: FeeTier[]) =>
      list.map((t) => `${t.name}@${t.min_volume_30d}:${t.maker_rate}/${t.taker_rate}`).join(', ');
    await recordAudit(manager, {
      adminId,
      action: 'fee_tiers.update',
      targetType: 'fee_tiers',
      targetId: TIER_LIST_TARGET,
      notes: `${text(before)} -> ${text(tiers)}`.slice(0, 2000),
    });
  });
  await recomputeFeeTiers(dataSource);
  return feeTiers(dataSource.manager);
}

/**
 * Stores every trader's 30-day traded value (quote value of its fills, as maker and as taker) and
 * the tier it reaches, with the tier's rates (which the trading round reads with the trader). The
 * venue's own traders are left without a tier: they pay the markets' rates. Writes only the rows
 * that change, so running it again, or in several processes at once, changes nothing more.
 * With `userId`, places that one trader only (a trader who just registered). Returns how many
 * traders it moved.
 */
export async function recomputeFeeTiers(dataSource: DataSource, userId: string | null = null): Promise<number> {
  // The rows are locked in id order before any is written: an UPDATE alone locks them in the order
  // its plan meets them, and two processes planning differently (statistics changed in between)
  // deadlocked. A row another run wrote meanwhile is checked again once its lock is had, and skipped.
  const result: [unknown, number] = await dataSource.query(
    `WITH recent AS (
       SELECT maker_user_id AS user_id, quote_amount FROM trades
        WHERE created_at > now() - interval '30 days' AND ($1::uuid IS NULL OR maker_user_id = $1)
       UNION ALL
       SELECT taker_user_id, quote_amount FROM trades
        WHERE created_at > now() - interval '30 days' AND ($1::uuid IS NULL OR taker_user_id = $1)),
     volumes AS (SELECT user_id, sum(quote_amount) AS volume FROM recent GROUP BY user_id),
     placed AS MATERIALIZED (
       SELECT u.id, COALESCE(v.volume, 0) AS volume, t.name, t.maker_rate, t.taker_rate
         FROM users u
         LEFT JOIN volumes v ON v.user_id = u.id
         CROSS JOIN LATERAL (
           SELECT name, maker_rate, taker_rate FROM fee_tiers
            WHERE min_volume_30d <= COALESCE(v.volume, 0) ORDER BY min_volume_30d DESC LIMIT 1) t
        WHERE NOT u.is_system AND NOT u.is_admin AND ($1::uuid IS NULL OR u.id = $1)
          AND (u.fee_tier IS DISTINCT FROM t.name OR u.tier_maker_rate IS DISTINCT FROM t.maker_rate
               OR u.tier_taker_rate IS DISTINCT FROM t.taker_rate OR u.volume_30d <> COALESCE(v.volume, 0))
        ORDER BY u.id
          FOR NO KEY UPDATE OF u)
     UPDATE users u
        SET fee_tier = p.name, tier_maker_rate = p.maker_rate, tier_taker_rate = p.taker_rate, volume_30d = p.volume
       FROM placed p
      WHERE u.id = p.id`,
    [userId],
  );
  return result[1];
}

/**
 * A trader's tier, volume and the rates it pays on a market without its own: as last stored, or
 * (never placed yet, e.g. registered since) the tier at 0.
 */
export async function traderFeeTier(
  manager: EntityManager,
  userId: string,
): Promise<z.infer<typeof traderFeeTierView>> {
  const [row]: Array<{ fee_tier: string | null; volume_30d: string; maker: string | null; taker: string | null }> =
    await manager.query(
      `SELECT fee_tier, volume_30d::text, tier_maker_rate::text AS maker, tier_taker_rate::text AS taker
         FROM users WHERE id = $1`,
      [userId],
    );
  if (row?.fee_tier && row.maker !== null && row.taker !== null)
    return {
      tier: row.fee_tier,
      volume_30d: Number(row.volume_30d),
      maker_rate: shortestDecimal(row.maker),
      taker_rate: shortestDecimal(row.taker),
    };
  const first = (await feeTiers(manager))[0]!;
  return { tier: first.name, volume_30d: 0, maker_rate: first.maker_rate, taker_rate: first.taker_rate };
}

/** A trader's stored tier rates (null: not placed yet). */
export interface StoredTierRates {
  tier_maker_rate: string | null;
  tier_taker_rate: string | null;
}

const rateOfPpm = (ppm: number) => money(ppm).dividedBy(1_000_000).toFixed();

/** The rates a trader's orders pay on `market` now, as decimal strings: its tier's, the market's own as floor (marketFeeRates). */
export function effectiveFeeRates(market: BookMarket, stored: StoredTierRates): { maker: string; taker: string } {
  const tier =
    stored.tier_maker_rate === null || stored.tier_taker_rate === null
      ? null
      : { makerPpm: ppm(stored.tier_maker_rate), takerPpm: ppm(stored.tier_taker_rate) };
  const rates = marketFeeRates(market)(tier);
  return { maker: rateOfPpm(rates.makerPpm), taker: rateOfPpm(rates.takerPpm) };
}

/** A trader's stored tier rates, for effectiveFeeRates. */
export async function storedTierRates(manager: EntityManager, userId: string): Promise<StoredTierRates> {
  const [row]: StoredTierRates[] = await manager.query(
    `SELECT tier_maker_rate::text, tier_taker_rate::text FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? { tier_maker_rate: null, tier_taker_rate: null };
}
