import type { Context } from 'koa';
import { z } from 'zod';
import { DECISION_STATUSES } from './decision-columns.entity';

/** Paging of lists: 50 at a time unless asked, never more than 200. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type Page = z.infer<typeof pageQuery>;

/** The queues of requests an administrator decides, optionally narrowed to one status. */
export const decisionListQuery = pageQuery.extend({ status: z.enum(DECISION_STATUSES).optional() });
export type DecisionListQuery = z.infer<typeof decisionListQuery>;

/** One page of a list, and how many items the whole list holds. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Answers with a page: the body stays the array of its items, and the list's total travels in
 * X-Total-Count, which scripts of another origin may read too.
 */
export function sendPage<T>(ctx: Context, page: ListPage<T>): T[] {
  ctx.set(TOTAL_COUNT_HEADER, String(page.total));
  ctx.set('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
  return page.items;
}
