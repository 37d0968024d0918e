import { z } from 'zod';
import { standalone } from './validation';

const INVALID_DATE = standalone('Dates are written YYYY-MM-DD');
const OUT_OF_RANGE = standalone('Dates run from 1970-01-01 to 9998-12-31');
const FROM_AFTER_TO = standalone('The start date must not be after the end date');

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
/** A real day of the calendar (no 2021-02-29), in years PostgreSQL and JavaScript both write as four digits. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
  .refine(
    (text) => !Number.isNaN(midnight(text).getTime()) && midnight(text).toISOString().startsWith(text),
    INVALID_DATE,
  )
  .refine((text) => text >= '1970-01-01' && text <= '9998-12-31', OUT_OF_RANGE);

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
  const until = range.to ? midnight(range.to) : null;
  until?.setUTCDate(until.getUTCDate() + 1);
  return { since: range.from ? midnight(range.from) : null, until };
}
