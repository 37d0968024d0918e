import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log';
import type { ServerContext } from '../../platform/modules/context';
import { CAPS, FUNDING_KINDS, capValues, normalCap, settingName, type Cap } from '../../money/funding/funding-caps';
import type { FundingKind } from '../../money/funding/funding-request.entity';
import { standalone } from '../../kernel/validation';

/** One kind's caps as administrators see them: dollars as text with their cents, the count as a number. */
const kindCaps = z.object({ max_amount: z.string(), daily_amount: z.string(), max_pending: z.number() });
export const fundingLimitsView = z.object({ deposit: kindCaps, withdrawal: kindCaps });
export type FundingLimits = z.infer<typeof fundingLimitsView>;

const DOLLARS = /^\d{1,10}(\.\d{1,2})?$/;
const dollarsLimit = z
  .union([z.number(), z.string()])
  .transform(String)
  .refine((text) => DOLLARS.test(text), standalone('A limit is a dollar amount with at most 2 decimals (0: no limit)'));
const INVALID_COUNT = standalone('A pending limit is a whole number from 0 to 1000 (0: no limit)');
const countLimit = z.number({ error: INVALID_COUNT }).int(INVALID_COUNT).min(0, INVALID_COUNT).max(1000, INVALID_COUNT);
const kindChange = z
  .strictObject({ max_amount: dollarsLimit, daily_amount: dollarsLimit, max_pending: countLimit })
  .partial();
/** Any of the caps, e.g. {"withdrawal": {"daily_amount": "250000"}}; the others stay as they are. */
export const fundingLimitsChange = z.strictObject({ deposit: kindChange, withdrawal: kindChange }).partial();
export type FundingLimitsChange = z.infer<typeof fundingLimitsChange>;

export function fundingLimits({ config, settings }: Pick<ServerContext, 'config' | 'settings'>): FundingLimits {
  const view = (kind: FundingKind) => {
    const values = capValues(config, settings, kind);
    return { ...values, max_pending: Number(values.max_pending) };
  };
  return { deposit: view('deposit'), withdrawal: view('withdrawal') };
}

/**
 * Saves the caps that change, each with an audit entry naming the setting and its old and new
 * values, in one transaction; then every process reloads them. A value equal to the one in force
 * is no change and leaves no entry.
 */
export async function changeFundingLimits(
  ctx: Pick<ServerContext, 'config' | 'settings' | 'dataSource'>,
  adminId: string,
  change: FundingLimitsChange,
): Promise<FundingLimits> {
  const current = fundingLimits(ctx);
  const changes = FUNDING_KINDS.flatMap((kind) =>
    CAPS.flatMap((cap: Cap) => {
      const asked = change[kind]?.[cap];
      if (asked === undefined) return [];
      const [before, after] = [normalCap(cap, current[kind][cap]), normalCap(cap, asked)];
      return before === after ? [] : [{ name: settingName(kind, cap), before, after }];
    }),
  );
  if (changes.length === 0) return current;
  await ctx.dataSource.transaction(async (manager) => {
    for (const { name, before, after } of changes) {
      const saved = await ctx.settings.save(manager, name, after, adminId);
      await recordAudit(manager, {
        adminId,
        action: 'limits.update',
        targetType: 'setting',
        targetId: saved.id,
        notes: `${name}: ${before} -> ${after}`,
      });
    }
  });
  await ctx.settings.changed();
  return fundingLimits(ctx);
}
