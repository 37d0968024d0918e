import type { Refusal } from '../../kernel/refusal';
import { refuseIdentity, type IdentityRefusal } from './refusals';

/** What decides whether a user may trade: these columns of their users row. */
export interface TraderStanding {
  is_active: boolean;
  is_admin: boolean;
  /** The venue's own traders (the market maker's accounts) trade without KYC. */
  is_system: boolean;
  kyc_status: string;
}

/** How the web API words 'trader-suspended', as the authenticator words a suspended caller too. */
export const SUSPENDED = 'Account suspended';

/**
 * One condition of the rule in both its forms: tested on a user in memory, and as SQL on a users
 * row, side by side so the order's round and the round's statement cannot disagree.
 */
interface Condition<F extends keyof TraderStanding> {
  holds(user: Pick<TraderStanding, F>): boolean;
  /** The same test on the users row named `row` of a SQL statement. */
  sql(row: string): string;
  refusal(): Refusal<IdentityRefusal>;
}

const notSuspended: Condition<'is_active'> = {
  holds: (user) => user.is_active,
  sql: (row) => `${row}.is_active`,
  refusal: () => refuseIdentity('trader-suspended'),
};

const notAdministrator: Condition<'is_admin'> = {
  holds: (user) => !user.is_admin,
  sql: (row) => `NOT ${row}.is_admin`,
  refusal: () => refuseIdentity('trader-is-administrator'),
};

const kycApproved: Condition<'is_system' | 'kyc_status'> = {
  holds: (user) => user.is_system || user.kyc_status === 'approved',
  sql: (row) => `(${row}.is_system OR ${row}.kyc_status = 'approved')`,
  refusal: () => refuseIdentity('kyc-required'),
};

/** Trader functions (one's orders, fills, cancels): any account but a suspended or an administrator's one. */
const TRADER_ACCOUNT: ReadonlyArray<Condition<'is_active' | 'is_admin'>> = [notSuspended, notAdministrator];
/** Placing an order: a trader account whose KYC is approved. Checked in this order: the first failed answers. */
const MAY_TRADE: ReadonlyArray<Condition<keyof TraderStanding>> = [...TRADER_ACCOUNT, kycApproved];

function assertAll<F extends keyof TraderStanding>(
  conditions: ReadonlyArray<Condition<F>>,
  user: Pick<TraderStanding, F>,
): void {
  for (const condition of conditions) if (!condition.holds(user)) throw condition.refusal();
}

/** Refuses a suspended account or an administrator (the router's `trader` access). */
export function assertTraderAccount(user: Pick<TraderStanding, 'is_active' | 'is_admin'>): void {
  assertAll(TRADER_ACCOUNT, user);
}

/** assertTraderAccount, then refused unless KYC is approved: what placing an order asks. */
export function assertMayTrade(user: TraderStanding): void {
  assertAll(MAY_TRADE, user);
}

/**
 * SQL: whether the orders of the users row named `row` may be filled: not suspended (its other
 * conditions were met when the order was placed).
 */
export const mayBeFilledSql = (row: string): string => notSuspended.sql(row);

/** SQL: whether the users row named `row` may trade, by the very conditions of assertMayTrade. */
export const mayTradeSql = (row: string): string =>
  `(${MAY_TRADE.map((condition) => condition.sql(row)).join(' AND ')})`;
