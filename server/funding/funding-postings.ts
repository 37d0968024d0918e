import type { Decision } from '../back-office/decision-inputs';
import type { AccountOwner, Posting } from '../ledger/ledger';
import type { Bucket } from '../ledger/ledger-entry.entity';
import { money } from '../ledger/money';
import { USD } from '../markets/catalog';
import type { FundingKind } from './funding-request.entity';

interface Movement {
  id: string;
  user_id: string;
  amount: string;
}

const EXTERNAL: AccountOwner = { system: 'external' };

/** Moves the request's amount in USD from one bucket to another. */
function transfer(
  reason: string,
  kind: FundingKind,
  request: Movement,
  from: [AccountOwner, Bucket],
  to: [AccountOwner, Bucket],
): Posting {
  const amount = money(request.amount);
  return {
    reason,
    referenceType: kind,
    referenceId: request.id,
    legs: [
      { owner: from[0], asset: USD, bucket: from[1], amount: amount.neg() },
      { owner: to[0], asset: USD, bucket: to[1], amount },
    ],
  };
}

/** A withdrawal request holds the amount (available -> locked), so it cannot be spent twice. */
export function withdrawalHold(request: Movement): Posting {
  const user: AccountOwner = { userId: request.user_id };
  return transfer('withdrawal_hold', 'withdrawal', request, [user, 'available'], [user, 'locked']);
}

/**
 * What an administrator's decision moves: an approved deposit arrives from the outside world; an
 * approved withdrawal's held amount leaves to it; a rejected withdrawal's hold is released; a
 * rejected deposit moves nothing.
 */
export function decisionPosting(kind: FundingKind, decision: Decision, request: Movement): Posting | null {
  const user: AccountOwner = { userId: request.user_id };
  if (kind === 'deposit') {
    return decision === 'approve'
      ? transfer('deposit', kind, request, [EXTERNAL, 'available'], [user, 'available'])
      : null;
  }
  return decision === 'approve'
    ? transfer('withdrawal', kind, request, [user, 'locked'], [EXTERNAL, 'available'])
    : transfer('withdrawal_release', kind, request, [user, 'locked'], [user, 'available']);
}
