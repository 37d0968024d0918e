import type { EntityManager } from 'typeorm';
import { usdBalances } from '../../money/accounts/accounts.service';
import { API_KEYS_CHANGED_TOPIC } from '../../identity/api-keys/api-keys.service';
import { recordAudit } from '../../platform/audit/audit-log';
import { User } from '../../identity/auth/user.entity';
import { announceToAdmins } from '../../money/back-office/back-office-events';
import type { DecisionQueueRegistry } from '../../money/back-office/decision-queue-registry';
import type { DecisionQueueService } from '../../money/back-office/decision-queue.service';
import type { Page } from '../../money/back-office/list-query';
import type { SessionService } from '../../identity/sessions/sessions.service';
import type { ServerContext } from '../../platform/modules/context';
import { ACCOUNT_SUSPENDED, type Notifier } from '../realtime/notifier';
import { forbidden, notFound } from '../../platform/http/errors';
import type { TradingService } from '../../trading/trading.service';

const USER_COLUMNS = {
  id: true,
  full_name: true,
  email: true,
  is_admin: true,
  is_active: true,
  kyc_status: true,
  created_at: true,
} as const;
type ListedUser = Pick<User, keyof typeof USER_COLUMNS>;

/** The people of the venue as administrators see them; system accounts (the market maker) are not among them. */
const PEOPLE = { is_system: false } as const;

async function withBalances(manager: EntityManager, users: ListedUser[]) {
  const balances = await usdBalances(
    manager,
    users.map((user) => user.id),
  );
  return users.map((user) => ({ ...user, balance: balances.get(user.id) ?? 0 }));
}

/** Users and the counters of the admin page. */
export class AdminService {
  constructor(
    private readonly ctx: Pick<ServerContext, 'dataSource' | 'reads' | 'bus' | 'events'> & {
      sessions: SessionService;
      notifier: Notifier;
    },
    private readonly decisionQueues: DecisionQueueRegistry,
    private readonly queueService: DecisionQueueService,
    private readonly trading: Pick<TradingService, 'cancelAllOrders'>,
  ) {}

  /** A page of the people, newest first, and how many there are. */
  async users(page: Page) {
    return this.ctx.reads.run(async ({ manager }) => {
      const [users, total] = await manager.findAndCount(User, {
        where: PEOPLE,
        select: USER_COLUMNS,
        order: { created_at: 'DESC', id: 'DESC' },
        take: page.limit,
        skip: page.offset,
      });
      return { items: await withBalances(manager, users), total };
    });
  }

  /**
   * Suspends or reactivates a trader; administrators (the caller included) and system accounts are
   * out of reach. A suspension commits first, with every session of theirs ended, so no order of
   * theirs is accepted from then on (a round's statement checks it), then cuts them off before it
   * answers: their sockets close in every process and their open orders are cancelled on every
   * book, what they held released. A reactivation restores no order and no session; every process
   * forgets what it read of their API keys, which work again at once.
   */
  async setActive(adminId: string, userId: string, active: boolean) {
    const endedSessions = await this.ctx.dataSource.transaction(async (manager) => {
      const [target]: Array<{ is_admin: boolean; is_system: boolean }> = await manager.query(
        'SELECT is_admin, is_system FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      if (!target || target.is_system) throw notFound('User not found');
      if (userId === adminId) throw forbidden('You cannot suspend or activate yourself');
      if (target.is_admin) throw forbidden('Administrators cannot be suspended or activated');
      await manager.update(User, userId, { is_active: active });
      await recordAudit(manager, {
        adminId,
        action: active ? 'user.activate' : 'user.suspend',
        targetType: 'user',
        targetId: userId,
      });
      return active ? [] : this.ctx.sessions.endAll(manager, userId);
    });
    // Every process forgets the user's keys it knows: a suspended user's are refused, an activated user's work again.
    this.ctx.bus.publish(API_KEYS_CHANGED_TOPIC, { user_id: userId });
    if (!active) {
      // Told before their sockets close, so their open pages sign out at once and say why.
      this.ctx.notifier.toUser(userId, ACCOUNT_SUSPENDED, {});
      this.ctx.sessions.announceEnded(endedSessions);
      this.ctx.notifier.disconnectUser(userId);
      await this.trading.cancelAllOrders(userId);
    }
    announceToAdmins(this.ctx, 'user');
    // Read after the cancels: the balance shown is what their release left.
    const { manager } = this.ctx.dataSource;
    const [user] = await withBalances(manager, [
      await manager.findOneOrFail(User, { where: { id: userId }, select: USER_COLUMNS }),
    ]);
    return user!;
  }

  /** The admin page's counters: the people of the venue, and each decision queue's pending items. */
  async stats() {
    const [totalUsers, pending] = await Promise.all([
      this.ctx.dataSource.getRepository(User).count({ where: PEOPLE }),
      this.queueService.pendingCounts(this.decisionQueues),
    ]);
    return { total_users: totalUsers, ...pending };
  }
}
