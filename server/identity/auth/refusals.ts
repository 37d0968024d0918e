import { refusals } from '../../kernel/refusal';

/** What identity refuses: registering, logging in, bearer tokens, sessions, two-factor and API keys. */
export type IdentityRefusal =
  // Whether an account may trade (auth/may-trade.ts).
  | 'trader-suspended'
  | 'trader-is-administrator'
  | 'kyc-required'
  | 'email-taken'
  /** A registration named a referral code no trader holds. */
  | 'unknown-referral-code'
  /** data: `problem`, what the password policy found wrong. */
  | 'weak-password'
  | 'invalid-credentials'
  | 'account-suspended'
  | 'invalid-authorization-header'
  | 'invalid-token'
  | 'session-ended'
  | 'session-not-found'
  | 'wrong-current-password'
  | 'same-password'
  /** data: `retry_after_seconds`, how long the account's wait still runs. */
  | 'too-many-failed-logins'
  /** data: `retry_after_seconds`. */
  | 'too-many-wrong-two-factor-codes'
  | 'two-factor-required'
  | 'invalid-two-factor-code'
  /** The first code of a secret being set up is wrong: the caller's session is not in question. */
  | 'invalid-setup-code'
  | 'two-factor-already-on'
  | 'two-factor-not-set-up'
  | 'two-factor-setup-changed'
  /** data: `max`, the keys one user may hold. */
  | 'too-many-api-keys'
  | 'api-key-not-found';

export const refuseIdentity = refusals<IdentityRefusal>();
