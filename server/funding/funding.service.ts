import { recordAudit } from '../audit/audit-log';
import { announceRequestChange } from '../back-office/back-office-events';
import { claimPending } from '../back-office/claim-pending';
import type { Decision } from '../back-office/decision-inputs';
import type { DecisionListQuery, Page } from '../back-office/list-query';
import { userRefs } from '../back-office/user-refs';
import type { ServerContext } from '../context';
import { post } from '../ledger/ledger';
import { toSql, type Money } from '../ledger/money';
import { decisionPosting, withdrawalHold } from './funding-postings';
import { FundingRequest, type FundingKind } from './funding-request.entity';
import { adminFundingView, fundingView } from './funding-view';

const LABELS: Record<FundingKind, string> = { deposit: 'Deposit', withdrawal: 'Withdrawal' };
const RETURNED = ['id', 'user_id', 'kind', 'amount', 'status', 'admin_notes', 'created_at'];

/** Deposits and withdrawals: traders ask, administrators decide, the ledger moves the dollars. */
export class FundingService {
  constructor(private readonly ctx: Pick<ServerContext, 'dataSource' | 'notifier'>) {}

  /** A deposit waits with nothing moved; a withdrawal holds its amount in the same transaction. */
  async request(kind: FundingKind, userId: string, amount: Money) {
    const created = await this.ctx.dataSource.transaction(async (manager) => {
      const request = await manager.save(
        manager.create(FundingRequest, { user_id: userId, kind, amount: toSql(amount) }),
      );
      if (kind === 'withdrawal') await post(manager, withdrawalHold(request));
      return request;
    });
    await announceRequestChange(this.ctx, {
      kind,
      id: created.id,
      status: created.status,
      userId,
      moneyMoved: kind === 'withdrawal',
    });
    return fundingView(created);
  }

  async history(kind: FundingKind, userId: string, page: Page) {
    const requests = await this.ctx.dataSource.getRepository(FundingRequest).find({
      where: { kind, user_id: userId },
      order: { created_at: 'DESC', id: 'DESC' },
      take: page.limit,
      skip: page.offset,
    });
    return requests.map(fundingView);
  }

  async list(kind: FundingKind, query: DecisionListQuery) {
    const { manager } = this.ctx.dataSource;
    const requests = await manager.find(FundingRequest, {
      where: { kind, ...(query.status ? { status: query.status } : {}) },
      order: { created_at: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    const users = await userRefs(
      manager,
      requests.map((request) => request.user_id),
    );
    return requests.map((request) => adminFundingView(request, users.get(request.user_id)));
  }

  /** Approves or rejects a pending request once; the money it moves and the audit entry commit with it. */
  async decide(kind: FundingKind, id: string, decision: Decision, adminId: string, notes: string | null) {
    const decided = await this.ctx.dataSource.transaction(async (manager) => {
      const request = await claimPending(
        manager,
        { entity: FundingRequest, scope: { kind }, label: LABELS[kind], returning: RETURNED },
        id,
        decision,
        adminId,
        notes,
      );
      const posting = decisionPosting(kind, decision, request);
      if (posting) await post(manager, posting);
      await recordAudit(manager, { adminId, action: `${kind}.${decision}`, targetType: kind, targetId: id, notes });
      return { request, moneyMoved: posting !== null };
    });
    const { request } = decided;
    await announceRequestChange(this.ctx, {
      kind,
      id,
      status: request.status,
      userId: request.user_id,
      moneyMoved: decided.moneyMoved,
    });
    const users = await userRefs(this.ctx.dataSource.manager, [request.user_id]);
    return adminFundingView(request, users.get(request.user_id));
  }

  countPending(kind: FundingKind): Promise<number> {
    return this.ctx.dataSource.getRepository(FundingRequest).count({ where: { kind, status: 'pending' } });
  }
}
