import type { EntityManager } from 'typeorm';
import type { Config } from '../../platform/config/config';
import { money, type Money } from '../../kernel/money';
import { refuseMoney } from '../back-office/refusals';
import type { SettingsStore } from '../../platform/settings/settings-store';
import { FundingRequest, type FundingKind } from './funding-request.entity';

export const FUNDING_KINDS: readonly FundingKind[] = ['deposit', 'withdrawal'];

/**
 * What one trader may ask for of one kind, so nobody floods the administrators' queue or drains the
 * venue in a day: how much one request may be, how much the day's requests may add up to, and how
 * many requests may wait at once. Administrators edit them (settings named `${kind}.${cap}`); a cap
 * never saved has its default from the configuration. 0 means no cap.
 */
export const CAPS = ['max_amount', 'daily_amount', 'max_pending'] as const;
export type Cap = (typeof CAPS)[number];

/** The caps as settings hold them: dollars with 2 decimals, or a count. */
export type CapValues = Record<Cap, string>;

export interface FundingCaps {
  maxAmount: Money | null;
  dailyAmount: Money | null;
  maxPending: number | null;
}

export const settingName = (kind: FundingKind, cap: Cap) => `${kind}.${cap}`;

/** Dollar caps with their cents, counts as whole numbers: the form settings and the admin's API use. */
export const normalCap = (cap: Cap, value: string | number): string =>
  cap === 'max_pending' ? String(Number(value)) : money(value).toFixed(2);

function defaultCaps(config: Config, kind: FundingKind): CapValues {
  const [maxAmount, dailyAmount, maxPending] =
    kind === 'deposit'
      ? [config.MAX_DEPOSIT_AMOUNT, config.MAX_DAILY_DEPOSIT_AMOUNT, config.MAX_PENDING_DEPOSITS]
      : [config.MAX_WITHDRAWAL_AMOUNT, config.MAX_DAILY_WITHDRAWAL_AMOUNT, config.MAX_PENDING_WITHDRAWALS];
  return {
    max_amount: normalCap('max_amount', maxAmount),
    daily_amount: normalCap('daily_amount', dailyAmount),
    max_pending: normalCap('max_pending', maxPending),
  };
}

/** The caps of a kind now in force: saved settings over the configured defaults. */
export function capValues(config: Config, settings: SettingsStore, kind: FundingKind): CapValues {
  const defaults = defaultCaps(config, kind);
  return Object.fromEntries(
    CAPS.map((cap) => [cap, settings.get(settingName(kind, cap)) ?? defaults[cap]]),
  ) as CapValues;
}

const amountCap = (dollars: string) => (money(dollars).isZero() ? null : money(dollars));

export function fundingCaps(config: Config, settings: SettingsStore, kind: FundingKind): FundingCaps {
  const values = capValues(config, settings, kind);
  const maxPending = Number(values.max_pending);
  return {
    maxAmount: amountCap(values.max_amount),
    dailyAmount: amountCap(values.daily_amount),
    maxPending: maxPending === 0 ? null : maxPending,
  };
}

/** Refuses a request for more than one request of its kind may be. */
function assertAmountWithinCap(kind: FundingKind, amount: Money, caps: FundingCaps): void {
  if (caps.maxAmount && amount.gt(caps.maxAmount))
    throw refuseMoney('over-request-cap', { kind, max_amount: caps.maxAmount.toFixed() });
}

/** Refuses a request while the trader already has the most of its kind waiting. */
async function assertPendingRoom(manager: EntityManager, kind: FundingKind, userId: string, maxPending: number) {
  const pending = await manager.count(FundingRequest, { where: { user_id: userId, kind, status: 'pending' } });
  if (pending < maxPending) return;
  throw refuseMoney('too-many-pending-requests', { kind, max_pending: maxPending });
}

/**
 * Refuses a request that would take the day's requests of its kind (UTC, the rejected ones aside:
 * they moved nothing) over the daily cap.
 */
async function assertDailyRoom(manager: EntityManager, kind: FundingKind, userId: string, amount: Money, cap: Money) {
  const [today]: Array<{ sum: string }> = await manager.query(
    `SELECT COALESCE(SUM(amount), 0)::text AS sum FROM funding_requests
      WHERE user_id = $1 AND kind = $2 AND status <> 'rejected'
        AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    [userId, kind],
  );
  const left = cap.minus(today!.sum);
  if (amount.lte(left)) return;
  throw refuseMoney('over-daily-cap', {
    kind,
    daily_amount: cap.toFixed(),
    left: (left.isNegative() ? money(0) : left).toFixed(),
  });
}

/**
 * Refuses a request beyond its kind's caps. Runs inside the request's transaction and locks the
 * trader's row first, so a trader's concurrent requests count one after another and none slips
 * past a cap.
 */
export async function assertWithinCaps(
  manager: EntityManager,
  kind: FundingKind,
  userId: string,
  amount: Money,
  caps: FundingCaps,
): Promise<void> {
  assertAmountWithinCap(kind, amount, caps);
  if (caps.maxPending === null && caps.dailyAmount === null) return;
  await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  if (caps.maxPending !== null) await assertPendingRoom(manager, kind, userId, caps.maxPending);
  if (caps.dailyAmount !== null) await assertDailyRoom(manager, kind, userId, amount, caps.dailyAmount);
}
