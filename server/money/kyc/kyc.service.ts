import { User, type KycStatus } from '../../identity/auth/user.entity';
import { announceQueueChange } from '../back-office/back-office-events';
import type { ServerContext } from '../../platform/modules/context';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import { recordAnswer } from '../../platform/idempotency/recorded-answers';
import { refuseMoney, type MoneyRefusal } from '../back-office/refusals';
import { KYC_QUEUE } from './kyc-queue';
import { KycSubmission, type DocumentType } from './kyc-submission.entity';
import { submissionView } from './kyc-view';
import type { KycDocument } from './kyc.schemas';

const REFUSED_WHILE: Partial<Record<KycStatus, MoneyRefusal>> = {
  submitted: 'kyc-under-review',
  approved: 'kyc-already-approved',
};

/** Identity checks as traders send them; administrators decide them in the back office's KYC queue. */
export class KycService {
  constructor(private readonly ctx: Pick<ServerContext, 'dataSource' | 'events'>) {}

  /**
   * Stores the document and marks the user submitted, together (with the answer to a keyed
   * request); refused while one is under review or approved.
   */
  async submit(userId: string, documentType: DocumentType, document: KycDocument, keyed: KeyedRequest | null = null) {
    const { submission, view } = await this.ctx.dataSource.transaction(async (manager) => {
      const [user]: Array<{ kyc_status: KycStatus }> = await manager.query(
        'SELECT kyc_status FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      const refusal = user && REFUSED_WHILE[user.kyc_status];
      if (refusal) throw refuseMoney(refusal);
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
      const answer = submissionView(saved);
      await recordAnswer(manager, keyed, answer);
      return { submission: saved, view: answer };
    });
    announceQueueChange(this.ctx, KYC_QUEUE, submission, null);
    return view;
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

  async document(id: string): Promise<{ bytes: Buffer; mimeType: string }> {
    const submission = await this.ctx.dataSource.getRepository(KycSubmission).findOne({
      where: { id },
      select: { id: true, mime_type: true, document: true },
    });
    if (!submission) throw refuseMoney('kyc-submission-not-found');
    return { bytes: submission.document, mimeType: submission.mime_type };
  }
}
