import { announceQueueChange } from '../back-office/back-office-events';
import { User } from '../../identity/auth/user.entity';
import type { Page } from '../back-office/list-query';
import type { ServerContext } from '../../platform/modules/context';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import { recordAnswer } from '../../platform/idempotency/recorded-answers';
import { post } from '../../ledger/ledger';
import { toSql, type Money } from '../../kernel/money';
import { assertWithinCaps, fundingCaps } from './funding-caps';
import { withdrawalHold } from './funding-postings';
import { FUNDING_QUEUES } from './funding-queues';
import { FundingRequest, type FundingKind } from './funding-request.entity';
import { fundingView } from './funding-view';

/** Deposits and withdrawals as traders ask for them; administrators decide them in the back office's queues. */
export class FundingService {
  constructor(private readonly ctx: Pick<ServerContext, 'dataSource' | 'events' | 'config' | 'settings'>) {}

  /**
   * A deposit waits with nothing moved; a withdrawal holds its amount in the same transaction, and
   * the answer to a keyed request is recorded in it too. Both are refused beyond the caps the
   * administrators set (funding-caps.ts), checked in that transaction; a deposit also while no bank
   * account is active, as the trader would have nowhere to pay.
   */
  async request(kind: FundingKind, userId: string, amount: Money, keyed: KeyedRequest | null = null) {
    const caps = fundingCaps(this.ctx.config, this.ctx.settings, kind);
    const { created, moved, view } = await this.ctx.dataSource.transaction(async (manager) => {
      await assertWithinCaps(manager, kind, userId, amount, caps);
      const request = await manager.save(
        manager.create(FundingRequest, { user_id: userId, kind, amount: toSql(amount) }),
      );
      const hold = kind === 'withdrawal' ? withdrawalHold(request) : null;
      const moved = hold ? { posting: hold, balances: await post(manager, hold) } : null;
      const answer = fundingView(request);
      await recordAnswer(manager, keyed, answer);
      return { created: request, moved, view: answer };
    });
    announceQueueChange(this.ctx, FUNDING_QUEUES[kind], created, moved);
    return view;
  }

  /** What the trader writes on a bank transfer, so an administrator can match it to the deposit request. */
  async depositReference(userId: string) {
    const { deposit_reference } = await this.ctx.dataSource
      .getRepository(User)
      .findOneOrFail({ where: { id: userId }, select: { deposit_reference: true } });
    return { deposit_reference };
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
}
