import type { AccountBalance, Posting } from '../../ledger/ledger';
import type { DecisionQueue, QueueItem } from './decision-queue';

/** Money a commit moved outside the order books: its posting, and the users' accounts as it left them (ledger.post's answer). */
export interface MoneyMoved {
  posting: Posting;
  balances: AccountBalance[];
}

/** What the money domain tells after a commit (on DomainEvents); the gateways word it. */
export type MoneyEvent =
  /**
   * An item of a back-office queue (a deposit, a withdrawal, a KYC application) was filed or
   * decided: its owner hears of it, with the money it moved if any, and the administrators that
   * the queue changed.
   */
  | {
      type: 'money.queue-item-changed';
      queue: Pick<DecisionQueue, 'kind' | 'ownerEvent'>;
      item: Pick<QueueItem, 'id' | 'status' | 'user_id'>;
      moved: MoneyMoved | null;
    }
  /** A list the administrators see changed: a queue's kind, 'user' or 'bank_account'. */
  | { type: 'money.admin-list-changed'; list: string }
  /** The venue's bank accounts changed (the active ones are public). */
  | { type: 'money.bank-accounts-changed' };

declare module '../../platform/bus/domain-events' {
  interface DomainEventTypes {
    money: MoneyEvent;
  }
}
