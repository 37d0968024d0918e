/** Approving or rejecting a pending item of an admin queue (deposits, withdrawals, KYC submissions). */
import type { Act } from './useAdminData';

export type Decision = 'approve' | 'reject';

/** One decision on one kind of item: the call that makes it and the toasts that report it. */
interface DecisionAction {
  call: (id: string, notes: string) => Promise<unknown>;
  success: string;
  failure: string;
}

export type QueueDecisions = Record<Decision, DecisionAction>;

/** Decides an item with the admin's notes; resolves true on success. */
export type Decide = (id: string, decision: Decision, notes: string) => Promise<boolean>;

export const decideWith =
  (act: Act, decisions: QueueDecisions): Decide =>
  (id, decision, notes) => {
    const { call, success, failure } = decisions[decision];
    return act(() => call(id, notes), success, failure);
  };
