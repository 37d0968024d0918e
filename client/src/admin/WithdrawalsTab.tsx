/** Admin's Withdrawals tab: every withdrawal request, pending ones approved or rejected here. */
import { adminApi } from '../api/endpoints';
import type { FundingRequest } from '../api/types';
import { decideWith, type QueueDecisions } from './decisions';
import FundingQueue from './FundingQueue';
import type { Act } from './useAdminData';

const WITHDRAWAL_DECISIONS: QueueDecisions = {
  approve: {
    call: adminApi.approveWithdrawal,
    success: 'Withdrawal approved',
    failure: 'Failed to approve withdrawal',
  },
  reject: { call: adminApi.rejectWithdrawal, success: 'Withdrawal rejected', failure: 'Failed to reject withdrawal' },
};

export default function WithdrawalsTab({ withdrawals, act }: { withdrawals: FundingRequest[]; act: Act }) {
  return (
    <FundingQueue items={withdrawals} emptyText="No withdrawals yet" decide={decideWith(act, WITHDRAWAL_DECISIONS)} />
  );
}
