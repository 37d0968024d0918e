import type { UserRef } from '../back-office/user-refs';
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

/** For administrators: whose it is, and where the document is (the bytes are fetched on their own). */
export const adminSubmissionView = (submission: SubmissionRow, user: UserRef | undefined) => ({
  ...submissionView(submission),
  document_url: `/api/admin/kyc/${submission.id}/document`,
  user: user ?? null,
});
