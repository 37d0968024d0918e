import { z } from 'zod';
import { standalone } from '../http/validation';

const INVALID_DATE = standalone('Dates are written YYYY-MM-DD');
const FROM_AFTER_TO = standalone('The start date must not be after the end date');

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    INVALID_DATE,
  );

/** Whole days in UTC, both ends included; either end may be left open. */
export const dateRange = z.object({ from: day.optional(), to: day.optional() });

const BOTH_DATES = standalone('Both dates are needed, from and to');
/** The same with both ends given. */
export const closedDateRange = z.object({
  from: z.string({ error: BOTH_DATES }).pipe(day),
  to: z.string({ error: BOTH_DATES }).pipe(day),
});
export const validRange = (range: { from?: string; to?: string }) => !range.from || !range.to || range.from <= range.to;
export const RANGE_REFINEMENT = { message: FROM_AFTER_TO, path: [] };

/** The instants a range covers: from the start of its first day up to (not including) the day after its last. */
export function rangeBounds(range: { from?: string; to?: string }): { since: Date | null; until: Date | null } {
  const until = range.to ? new Date(`${range.to}T00:00:00Z`) : null;
  until?.setUTCDate(until.getUTCDate() + 1);
  return { since: range.from ? new Date(`${range.from}T00:00:00Z`) : null, until };
}
