import { recordAudit } from '../audit/audit-log';
import { User, type KycStatus } from '../auth/user.entity';
import { announceRequestChange } from '../back-office/back-office-events';
import { claimPending } from '../back-office/claim-pending';
import type { Decision } from '../back-office/decision-inputs';
import type { DecisionListQuery } from '../back-office/list-query';
import { userRefs } from '../back-office/user-refs';
import type { ServerContext } from '../context';
import { conflict, notFound } from '../http/errors';
import { KycSubmission, type DocumentType } from './kyc-submission.entity';
import { adminSubmissionView, submissionView } from './kyc-view';
import type { KycDocument } from './kyc.schemas';

const SUMMARY_COLUMNS = ['id', 'user_id', 'document_type', 'status', 'submitted_at', 'admin_notes'] as const;
const REFUSED_WHILE: Partial<Record<KycStatus, string>> = {
  submitted: 'Your KYC is under review',
  approved: 'Your KYC has already been approved',
};

/** Identity checks: a trader submits a document, an administrator approves or rejects it. */
export class KycService {
  constructor(private readonly ctx: Pick<ServerContext, 'dataSource' | 'notifier'>) {}

  /** Stores the document and marks the user submitted, together; refused while one is under review or approved. */
  async submit(userId: string, documentType: DocumentType, document: KycDocument) {
    const submission = await this.ctx.dataSource.transaction(async (manager) => {
      const [user]: Array<{ kyc_status: KycStatus }> = await manager.query(
        'SELECT kyc_status FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      const refusal = user && REFUSED_WHILE[user.kyc_status];
      if (refusal) throw conflict(refusal);
      const saved = await manager.save(
        manager.create(KycSubmission, {
          user_id: userId,
          document_type: documentType,
          mime_type: document.mimeType,
          document: document.bytes,
          document_size: document.bytes.length,
        }),
      );
      await manager.update(User, userId, { kyc_status: 'submitted' });
      return saved;
    });
    await announceRequestChange(this.ctx, {
      kind: 'kyc',
      id: submission.id,
      status: submission.status,
      userId,
      moneyMoved: false,
    });
    return submissionView(submission);
  }

  /** The user's KYC status, with the notes of the answer to their latest submission. */
  async status(userId: string) {
    const { manager } = this.ctx.dataSource;
    const user = await manager.findOneOrFail(User, { where: { id: userId }, select: { id: true, kyc_status: true } });
    const latest = await manager.findOne(KycSubmission, {
      where: { user_id: userId },
      order: { submitted_at: 'DESC', id: 'DESC' },
      select: { id: true, admin_notes: true },
    });
    return { status: user.kyc_status, admin_notes: latest?.admin_notes ?? null };
  }

  async list(query: DecisionListQuery) {
    const { manager } = this.ctx.dataSource;
    const submissions = await manager.find(KycSubmission, {
      where: query.status ? { status: query.status } : {},
      order: { submitted_at: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    const users = await userRefs(
      manager,
      submissions.map((submission) => submission.user_id),
    );
    return submissions.map((submission) => adminSubmissionView(submission, users.get(submission.user_id)));
  }

  async document(id: string): Promise<{ bytes: Buffer; mimeType: string }> {
    const submission = await this.ctx.dataSource.getRepository(KycSubmission).findOne({
      where: { id },
      select: { id: true, mime_type: true, document: true },
    });
    if (!submission) throw notFound('KYC submission not found');
    return { bytes: submission.document, mimeType: submission.mime_type };
  }

  /** Decides a pending submission once; the user's kyc_status and the audit entry change with it. */
  async decide(id: string, decision: Decision, adminId: string, notes: string | null) {
    const submission = await this.ctx.dataSource.transaction(async (manager) => {
      const claim = { entity: KycSubmission, label: 'KYC submission', returning: [...SUMMARY_COLUMNS] };
      const decided = await claimPending(manager, claim, id, decision, adminId, notes);
      await manager.update(User, decided.user_id, { kyc_status: decided.status });
      await recordAudit(manager, { adminId, action: `kyc.${decision}`, targetType: 'kyc', targetId: id, notes });
      return decided;
    });
    await announceRequestChange(this.ctx, {
      kind: 'kyc',
      id,
      status: submission.status,
      userId: submission.user_id,
      moneyMoved: false,
    });
    const users = await userRefs(this.ctx.dataSource.manager, [submission.user_id]);
    return adminSubmissionView(submission, users.get(submission.user_id));
  }

  countPending(): Promise<number> {
    return this.ctx.dataSource.getRepository(KycSubmission).count({ where: { status: 'pending' } });
  }
}
