import type { EntityManager } from 'typeorm';
import type { Config } from '../config/config';
import { badRequest } from '../http/errors';
import { money, type Money } from '../ledger/money';
import { FundingRequest, type FundingKind } from './funding-request.entity';

/**
 * What one trader may ask for of one kind, so nobody floods the administrators' queue: how many
 * requests may wait at once and how much one request may be (null: no cap).
 */
export interface FundingCaps {
  maxPending: number | null;
  maxAmount: Money | null;
}

/** Settings say 0 for no cap. */
const countCap = (count: number) => (count === 0 ? null : count);
const amountCap = (dollars: string) => (money(dollars).isZero() ? null : money(dollars));

export function fundingCaps(config: Config): Record<FundingKind, FundingCaps> {
  return {
    deposit: {
      maxPending: countCap(config.MAX_PENDING_DEPOSITS),
      maxAmount: amountCap(config.MAX_DEPOSIT_AMOUNT),
    },
    withdrawal: {
      maxPending: countCap(config.MAX_PENDING_WITHDRAWALS),
      maxAmount: amountCap(config.MAX_WITHDRAWAL_AMOUNT),
    },
  };
}

/** "$1,000,000", "$2,500.50": cents only when there are some. */
function dollars(amount: Money): string {
  const [whole, cents] = amount.toFixed(2).split('.') as [string, string];
  return `$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${cents === '00' ? '' : `.${cents}`}`;
}

/** Refuses a request for more than one request of its kind may be. */
export function assertAmountWithinCap(kind: FundingKind, amount: Money, caps: FundingCaps): void {
  if (caps.maxAmount && amount.gt(caps.maxAmount))
    throw badRequest(`The most a single ${kind} request may be is ${dollars(caps.maxAmount)}`);
}

/**
 * Refuses a request while the trader already has the most of its kind waiting. Runs inside the
 * request's transaction and locks the trader's row first, so a trader's concurrent requests count
 * one after another and none slips past the cap.
 */
export async function assertPendingRoom(
  manager: EntityManager,
  kind: FundingKind,
  userId: string,
  caps: FundingCaps,
): Promise<void> {
  if (caps.maxPending === null) return;
  await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const pending = await manager.count(FundingRequest, { where: { user_id: userId, kind, status: 'pending' } });
  if (pending < caps.maxPending) return;
  const many =
    caps.maxPending === 1
      ? `1 pending ${kind}; wait until it is`
      : `${caps.maxPending} pending ${kind}s; wait until they are`;
  throw badRequest(`You already have ${many} decided`);
}
