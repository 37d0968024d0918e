import type { EntityManager } from 'typeorm';
import type { ServerContext } from '../../platform/modules/context';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import { recordAnswer } from '../../platform/idempotency/recorded-answers';
import { post } from '../../ledger/ledger';
import { money, toSql } from '../../kernel/money';
import {
  closePosition,
  creditCompletedPeriods,
  databaseNow,
  hasMatured,
  lockPosition,
  type PositionRow,
} from './earn-accrual';
import { positionChanged } from './earn-events';
import { subscription } from './earn-postings';
import type { EarnProduct } from './earn-product.entity';
import { positionView, type EarnPositionView, type Subscription } from './earn-schemas';
import { refuseEarn } from './refusals';

/**
 * A trader's side of Earn: subscribe from an available balance, list one's positions, redeem. Each
 * change is told once committed (earn.position-changed), with the balances it left.
 */
export class EarnService {
  constructor(private readonly ctx: Pick<ServerContext, 'dataSource' | 'config' | 'events'>) {}

  /**
   * Opens a position and takes its amount from the trader's available balance in one transaction;
   * the accounts' row locks and never-negative check refuse an overdraft however many subscriptions
   * race on one balance (as withdrawals). A keyed request's answer is recorded in it too.
   */
  async subscribe(userId: string, request: Subscription, keyed: KeyedRequest | null = null) {
    const changed = await this.ctx.dataSource.transaction(async (manager) => {
      // Shared: an administrator's change of the product waits for the subscription, and the other way round.
      const [product] = (await manager.query('SELECT * FROM earn_products WHERE id = $1 FOR SHARE', [
        request.product_id,
      ])) as EarnProduct[];
      if (!product) throw refuseEarn('earn-product-not-found');
      if (product.status !== 'open') throw refuseEarn('earn-product-not-open');
      if (money(request.amount).lt(product.min_amount))
        throw refuseEarn('earn-below-minimum', { min_amount: toSql(product.min_amount), asset: product.asset });
      const [position] = (await manager.query(
        `INSERT INTO earn_positions (user_id, product_id, asset, kind, apy, amount, accrual_interval_ms, status,
                                     started_at, matures_at, due_at)
         SELECT $1, p.id, p.asset, p.kind, p.apy, $3, $4::bigint, 'active', t.now, t.now + p.term_days * interval '1 day',
                LEAST(t.now + $4::float8 * interval '1 millisecond', t.now + p.term_days * interval '1 day')
           FROM earn_products p, (SELECT clock_timestamp() AS now) t WHERE p.id = $2
         RETURNING *`,
        [userId, product.id, request.amount, this.ctx.config.EARN_ACCRUAL_INTERVAL],
      )) as PositionRow[];
      const posting = subscription(position!, money(request.amount));
      const balances = await post(manager, posting);
      const event = positionChanged(position!, { posting, balances });
      await recordAnswer(manager, keyed, event.position);
      return event;
    });
    this.ctx.events.publish(changed);
    return changed.position;
  }

  /** The trader's positions, newest first, active and closed. */
  async positions(userId: string): Promise<EarnPositionView[]> {
    const rows: PositionRow[] = await this.ctx.dataSource.query(
      'SELECT * FROM earn_positions WHERE user_id = $1 ORDER BY started_at DESC, id',
      [userId],
    );
    return rows.map(positionView);
  }

  /**
   * Pays a position back with its interest: a flexible one at once, a locked one only once its term
   * is over (the runner does that by itself too). Intervals completed and not yet credited are
   * credited first. Another trader's position is not found.
   */
  async redeem(userId: string, positionId: string, keyed: KeyedRequest | null = null) {
    const changed = await this.ctx.dataSource.transaction(async (manager: EntityManager) => {
      const locked = await lockPosition(manager, positionId, { userId });
      if (!locked) throw refuseEarn('earn-position-not-found');
      if (locked.status !== 'active') throw refuseEarn('earn-position-not-active');
      const now = await databaseNow(manager);
      if (locked.kind === 'locked' && !hasMatured(locked, now))
        throw refuseEarn('earn-position-locked', { matures_at: locked.matures_at!.toISOString() });
      const { position } = await creditCompletedPeriods(manager, locked, now);
      const closed = await closePosition(manager, position, locked.kind === 'locked' ? 'matured' : 'redeemed', now);
      const event = positionChanged(closed.position, closed);
      await recordAnswer(manager, keyed, event.position);
      return event;
    });
    this.ctx.events.publish(changed);
    return changed.position;
  }
}
