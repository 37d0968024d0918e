import type { DecisionQueue } from '../back-office/decision-queue';
import { User } from '../../identity/auth/user.entity';
import { KycSubmission } from './kyc-submission.entity';
import { adminSubmissionItem, adminSubmissionView } from './kyc-view';

/** Identity documents waiting for an administrator: a decision moves no money, it sets the user's KYC status. */
export const KYC_QUEUE: DecisionQueue<KycSubmission> = {
  kind: 'kyc',
  label: 'KYC submission',
  entity: KycSubmission,
  pendingCounter: 'pending_kyc',
  postings: {},
  async onDecided(manager, submission) {
    await manager.update(User, submission.user_id, { kyc_status: submission.status });
  },
  ownerEvent: 'funding',
  routes: {
    list: '/admin/kyc',
    listSummary: 'KYC submissions',
    decision: '/admin/kyc',
    idField: 'kyc_id',
    tag: 'kyc',
  },
  adminItem: adminSubmissionItem,
  adminView: adminSubmissionView,
};
