import type { MoneyMoved } from '../../money/back-office/money-events';
import type { ExecutionView } from './desk-history';

/** What the desk tells after a commit (see server/platform/bus/domain-events.ts). */
export type DeskEvent =
  /** A trade with the desk: its execution, and the money it moved. */
  { type: 'trading.desk-filled'; userId: string; execution: ExecutionView; moved: MoneyMoved };

declare module '../../platform/bus/domain-events' {
  interface DomainEventTypes {
    desk: DeskEvent;
  }
}
