import type { AccountOwner, Posting } from '../../ledger/ledger';
import type { Bucket } from '../../ledger/ledger-entry.entity';
import { money } from '../../kernel/money';
import { USD } from '../../markets/catalog';
import type { FundingKind } from './funding-request.entity';

interface Movement {
  id: string;
  user_id: string;
  amount: string;
}

const EXTERNAL: AccountOwner = { system: 'external' };
const owner = (request: Movement): AccountOwner => ({ userId: request.user_id });

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

/** An approved deposit arrives from the outside world (a rejected one moves nothing). */
export const depositArrival = (request: Movement): Posting =>
  transfer('deposit', 'deposit', request, [EXTERNAL, 'available'], [owner(request), 'available']);

/** A withdrawal request holds the amount (available -> locked), so it cannot be spent twice. */
export const withdrawalHold = (request: Movement): Posting =>
  transfer('withdrawal_hold', 'withdrawal', request, [owner(request), 'available'], [owner(request), 'locked']);

/** An approved withdrawal's held amount leaves to the outside world. */
export const withdrawalPayout = (request: Movement): Posting =>
  transfer('withdrawal', 'withdrawal', request, [owner(request), 'locked'], [EXTERNAL, 'available']);

/** A rejected withdrawal's hold is released. */
export const withdrawalRelease = (request: Movement): Posting =>
  transfer('withdrawal_release', 'withdrawal', request, [owner(request), 'locked'], [owner(request), 'available']);
