/** Admin's Deposits tab: every deposit request, pending ones approved or rejected here. */
import { adminApi } from '../api/endpoints';
import type { FundingRequest } from '../api/types';
import { decideWith, type QueueDecisions } from './decisions';
import FundingQueue from './FundingQueue';
import type { Act } from './useAdminData';

const DEPOSIT_DECISIONS: QueueDecisions = {
  approve: { call: adminApi.approveDeposit, success: 'Deposit approved', failure: 'Failed to approve deposit' },
  reject: { call: adminApi.rejectDeposit, success: 'Deposit rejected', failure: 'Failed to reject deposit' },
};

export default function DepositsTab({ deposits, act }: { deposits: FundingRequest[]; act: Act }) {
  return <FundingQueue items={deposits} emptyText="No deposits yet" decide={decideWith(act, DEPOSIT_DECISIONS)} />;
}
