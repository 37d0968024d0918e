import { z } from 'zod';
import { standalone } from '../../kernel/validation';

/** Ids are UUIDs: a malformed one is a bad request (400), an unknown one is not found (404). */
export const recordId = z.uuid({ error: standalone('Invalid id') });

/** Optional notes an administrator attaches to a decision; blank notes are no notes. */
export const adminNotes = z
  .string()
  .trim()
  .max(1000, standalone('Admin notes must be at most 1000 characters'))
  .optional()
  .transform((notes) => notes || null);

export type Decision = 'approve' | 'reject';
export const decidedStatus = (decision: Decision) => (decision === 'approve' ? 'approved' : 'rejected');

/** The query of an approve/reject call, e.g. ?deposit_id=...&admin_notes=..., as {id, notes}. */
export const decisionInput = (idField: string) =>
  z
    .object({ [idField]: recordId, admin_notes: adminNotes })
    .transform((input) => ({ id: input[idField] as string, notes: input.admin_notes as string | null }));
