import { z } from 'zod';
import { userRefSchema, type ItemOwner } from '../back-office/user-refs';
import type { KycSubmission } from './kyc-submission.entity';

type SubmissionRow = Pick<KycSubmission, 'id' | 'document_type' | 'status' | 'submitted_at' | 'admin_notes'>;

/** A submission as its trader sees it. */
export const submissionView = (submission: SubmissionRow) => ({
  id: submission.id,
  document_type: submission.document_type,
  status: submission.status,
  submitted_at: submission.submitted_at,
  admin_notes: submission.admin_notes,
});
export const submissionItem = z.object({
  id: z.uuid(),
  document_type: z.string(),
  status: z.string(),
  submitted_at: z.string(),
  admin_notes: z.string().nullable(),
});

/** For administrators: whose it is, and where the document is (the bytes are fetched on their own). */
export const adminSubmissionView = (submission: SubmissionRow, owner: ItemOwner | undefined) => ({
  ...submissionView(submission),
  document_url: `/api/admin/kyc/${submission.id}/document`,
  user: owner?.ref ?? null,
});
export const adminSubmissionItem = submissionItem.extend({
  document_url: z.string(),
  user: userRefSchema.nullable(),
});
