import type { MoneyMoved } from '../back-office/money-events';
import type { PositionRow } from './earn-accrual';
import { positionView, type EarnPositionView } from './earn-schemas';

/** What Earn tells after a commit (on DomainEvents); the gateways word it. */
export type EarnEvent =
  /**
   * A position was opened, credited interest, redeemed or matured: its owner's pages show it as it
   * is now, with the money it moved to or from the owner's balance (none for an interest credit).
   */
  { type: 'earn.position-changed'; userId: string; position: EarnPositionView; moved: MoneyMoved | null };

declare module '../../platform/bus/domain-events' {
  interface DomainEventTypes {
    earn: EarnEvent;
  }
}

/** The event of a committed change of `position`, and of the money it moved (a closing's posting and balances). */
export const positionChanged = (position: PositionRow, moved: MoneyMoved | null): EarnEvent => ({
  type: 'earn.position-changed',
  userId: position.user_id,
  position: positionView(position),
  moved: moved && { posting: moved.posting, balances: moved.balances },
});
