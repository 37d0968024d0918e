import { refusals } from '../../kernel/refusal';

/** What the money domain refuses: KYC submissions, funding requests beyond their caps, back-office decisions, bank accounts. */
export type MoneyRefusal =
  | 'kyc-under-review'
  | 'kyc-already-approved'
  | 'kyc-submission-not-found'
  /** data: `kind` (deposit, withdrawal), `max_amount` (a decimal). */
  | 'over-request-cap'
  /** data: `kind`, `max_pending` (how many of its kind may wait). */
  | 'too-many-pending-requests'
  /** data: `kind`, `daily_amount` and `left` (decimals; `left` never below 0). */
  | 'over-daily-cap'
  /** data: `item`, what the queue decides ("KYC submission", "deposit"). */
  | 'queue-item-not-pending'
  /** data: `item`. */
  | 'queue-item-not-found'
  | 'bank-account-not-found';

export const refuseMoney = refusals<MoneyRefusal>();
