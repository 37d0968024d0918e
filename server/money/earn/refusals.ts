import { refusals } from '../../kernel/refusal';

/** What Earn refuses: products administrators define, subscriptions and redemptions. */
export type EarnRefusal =
  | 'earn-unknown-asset'
  | 'earn-product-not-found'
  | 'earn-product-not-open'
  /** data: `min_amount` (a decimal), `asset`. */
  | 'earn-below-minimum'
  | 'earn-position-not-found'
  | 'earn-position-not-active'
  /** data: `matures_at` (ISO time). */
  | 'earn-position-locked';

export const refuseEarn = refusals<EarnRefusal>();
