import type { EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';
import type { z } from 'zod';
import type { Posting } from '../../ledger/ledger';
import type { DecisionColumns } from './decision-columns.entity';
import type { ItemOwner } from './user-refs';

/** An item of a decision queue: whose it is, and its decision. */
export type QueueItem = DecisionColumns & { id: string; user_id: string };

/** What the ledger moves when an item is approved or rejected; a decision without one moves no money. */
export interface QueuePostings<Item> {
  approve?(item: Item): Posting;
  reject?(item: Item): Posting;
}

/** Where administrators reach a queue: GET list, and POST `${decision}/approve` or `/reject` naming the item in idField. */
export interface QueueRoutes {
  list: string;
  listSummary: string;
  decision: string;
  idField: string;
  /** The OpenAPI tag beside 'admin'. */
  tag: string;
}

/**
 * One queue administrators decide (deposits, withdrawals, KYC): an entry of the decision queue
 * registry. Its admin routes, its counter, its decisions and their events are worked out from it.
 * Items are listed by the entity's creation date column: pending ones oldest first, then decided
 * ones newest first.
 */
export interface DecisionQueue<Item extends QueueItem = QueueItem> {
  /** What the queue holds, e.g. 'deposit': the audit target type and the kind its events carry. */
  kind: string;
  /** What people call an item, e.g. 'deposit' or 'KYC submission' ('Deposit not found'). */
  label: string;
  entity: EntityTarget<Item>;
  /** Narrows the entity to this queue, e.g. {kind: 'deposit'}, so one queue's id is unknown in another. */
  scope?: FindOptionsWhere<Item>;
  /** Its counter in GET /admin/stats, e.g. 'pending_deposits'. */
  pendingCounter: string;
  postings: QueuePostings<Item>;
  /** Further changes committed with the decision, e.g. the user's KYC status. */
  onDecided?(manager: EntityManager, item: Item): Promise<void>;
  /** The event the item's owner hears whenever the item changes, e.g. 'funding'. */
  ownerEvent: string;
  routes: QueueRoutes;
  /** An item as administrators see it: its schema, and the view that fills it. */
  adminItem: z.ZodType;
  adminView(item: Item, owner: ItemOwner | undefined): unknown;
}
