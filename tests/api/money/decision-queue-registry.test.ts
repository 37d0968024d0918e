import { DecisionQueueRegistry } from '../../../server/money/back-office/decision-queue-registry';
import { FUNDING_QUEUES } from '../../../server/money/funding/funding-queues';
import { KYC_QUEUE } from '../../../server/money/kyc/kyc-queue';

describe('the decision queue registry', () => {
  it('keeps its queues in the order given, the order of the admin page', () => {
    const registry = new DecisionQueueRegistry([KYC_QUEUE, FUNDING_QUEUES.deposit]);
    expect(registry.queues.map((queue) => queue.kind)).toEqual(['kyc', 'deposit']);
  });

  it('refuses two queues of one kind: their routes, audit entries and events would be confused', () => {
    const copy = { ...FUNDING_QUEUES.deposit, pendingCounter: 'pending_copies' };
    expect(() => new DecisionQueueRegistry([FUNDING_QUEUES.deposit, copy])).toThrow(
      "Two decision queues share the kind 'deposit'",
    );
  });

  it('refuses two queues counted under one name in the admin counters', () => {
    const copy = { ...KYC_QUEUE, kind: 'address' };
    expect(() => new DecisionQueueRegistry([KYC_QUEUE, copy])).toThrow(
      "Two decision queues share the pendingCounter 'pending_kyc'",
    );
  });
});
