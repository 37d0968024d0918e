import type { AccountOwner, Posting } from '../../ledger/ledger';
import type { Money } from '../../kernel/money';

/** Holds what traders placed and the interest accrued on it, until paid back. */
const EARN: AccountOwner = { system: 'earn' };
/** The venue's interest expense: below zero by the interest it has credited. */
const EARN_INTEREST: AccountOwner = { system: 'earn_interest' };

interface Position {
  id: string;
  user_id: string;
  asset: string;
}

function move(reason: string, position: Position, from: AccountOwner, to: AccountOwner, amount: Money): Posting {
  return {
    reason,
    referenceType: 'earn_position',
    referenceId: position.id,
    legs: [
      { owner: from, asset: position.asset, bucket: 'available', amount: amount.neg() },
      { owner: to, asset: position.asset, bucket: 'available', amount },
    ],
  };
}

/** A subscription takes the amount from the trader's available balance (refused below zero: no overdraft). */
export const subscription = (position: Position, amount: Money): Posting =>
  move('earn_subscribe', position, { userId: position.user_id }, EARN, amount);

/** Interest credited to a position: from the venue's expense to what Earn holds for the trader. */
export const interestCredit = (position: Position, interest: Money): Posting =>
  move('earn_interest', position, EARN_INTEREST, EARN, interest);

/** A redeemed or matured position's principal and interest back to the trader's available balance. */
export const payout = (position: Position, reason: 'earn_redeem' | 'earn_maturity', total: Money): Posting =>
  move(reason, position, EARN, { userId: position.user_id }, total);
