import type { DecisionQueue, QueuePostings, QueueRoutes } from '../back-office/decision-queue';
import { depositArrival, withdrawalPayout, withdrawalRelease } from './funding-postings';
import { FundingRequest, type FundingKind } from './funding-request.entity';
import { adminDepositItem, adminDepositView, adminFundingItem, adminFundingView } from './funding-view';

/** Deposits and withdrawals share their table and views; their paths, counter and money differ, and deposits show their reference. */
const fundingQueue = (
  kind: FundingKind,
  fields: { pendingCounter: string; postings: QueuePostings<FundingRequest>; routes: Omit<QueueRoutes, 'tag'> },
): DecisionQueue<FundingRequest> => ({
  kind,
  label: kind,
  entity: FundingRequest,
  scope: { kind },
  pendingCounter: fields.pendingCounter,
  postings: fields.postings,
  ownerEvent: 'funding',
  routes: { ...fields.routes, tag: 'funding' },
  ...(kind === 'deposit'
    ? { adminItem: adminDepositItem, adminView: adminDepositView }
    : { adminItem: adminFundingItem, adminView: adminFundingView }),
});

export const FUNDING_QUEUES: Record<FundingKind, DecisionQueue<FundingRequest>> = {
  deposit: fundingQueue('deposit', {
    pendingCounter: 'pending_deposits',
    postings: { approve: depositArrival },
    routes: {
      list: '/admin/deposits',
      listSummary: "Every trader's deposits",
      decision: '/admin/deposit',
      idField: 'deposit_id',
    },
  }),
  withdrawal: fundingQueue('withdrawal', {
    pendingCounter: 'pending_withdrawals',
    postings: { approve: withdrawalPayout, reject: withdrawalRelease },
    routes: {
      list: '/admin/withdrawals',
      listSummary: "Every trader's withdrawals",
      decision: '/admin/withdrawal',
      idField: 'withdrawal_id',
    },
  }),
};
