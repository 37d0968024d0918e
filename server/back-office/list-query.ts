import { z } from 'zod';
import { DECISION_STATUSES } from './decision-columns.entity';

/** Paging of the admin lists: newest first, 50 at a time unless asked, never more than 200. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type Page = z.infer<typeof pageQuery>;

/** The queues of requests an administrator decides, optionally narrowed to one status. */
export const decisionListQuery = pageQuery.extend({ status: z.enum(DECISION_STATUSES).optional() });
export type DecisionListQuery = z.infer<typeof decisionListQuery>;
