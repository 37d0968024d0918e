import type { Context } from 'koa';
import type { DataSource, EntityManager } from 'typeorm';
import type { DomainEventPublisher } from '../../platform/bus/domain-events';
import { clientOf, type SessionService } from '../sessions/sessions.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import { Refusal } from '../../kernel/refusal';
import { refuseIdentity } from '../auth/refusals';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { createUser, type NewUser } from '../auth/create-user';
import type { DeviceCookies } from './device-cookies';
import type { FailureThrottle } from '../auth/failure-throttle';
import type { LoginFailure } from './login-history-entry.entity';
import { recordLogin } from './login-history';
import { hashPassword, verifyPassword } from '../auth/password';
import { passwordProblem } from '../auth/password-policy';
import { User } from '../auth/user.entity';
import { userView } from '../auth/user-view';

export interface Credentials {
  email: string;
  password: string;
  /** A two-factor code (or a recovery code): needed when the account has two-factor on. */
  totp?: string;
}

/** What slows the guessing of passwords (failure-throttle.ts, device-cookies.ts). */
export interface PasswordGuards {
  /** Logins from browsers without the account's device cookie, per e-mail. */
  logins: FailureThrottle;
  /** Wrong current passwords when changing it, per account. */
  changes: FailureThrottle;
  /** Browsers that signed in before: their logins count against their own cookie. */
  devices: DeviceCookies;
}

export interface AuthOptions {
  /** ADMIN_REQUIRE_2FA: the user view tells an administrator without two-factor to set it up. */
  adminsNeedTwoFactor: boolean;
}

/** Registration, login (password, then the second factor when on), the user as shown, and password changes. */
export class SignInService {
  /** Compared against when the e-mail is unknown, so both failures take the same time. */
  private readonly decoyHash = hashPassword('decoy-password-never-matches');

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorService,
    private readonly guards: PasswordGuards,
    private readonly events: DomainEventPublisher,
    private readonly options: AuthOptions,
  ) {}

  async register(ctx: Context, input: NewUser) {
    const user = await createUser(this.dataSource, { ...input, is_admin: false });
    this.events.publish({ type: 'identity.user-registered', userId: user.id, referrerId: user.referred_by });
    return this.signIn(ctx, user, false);
  }

  /**
   * Checks the password (throttled per device cookie when the browser carries a trusted one for the
   * account, else per account), then the account, then the second factor, and writes each outcome
   * on a known account into its login history. A right password ends the count it was counted in
   * even when a later check refuses; the account's delay outlives a trusted browser's login, so the
   * owner signing in does not give a guesser elsewhere five fresh tries.
   */
  async login(ctx: Context, { email, password, totp }: Credentials) {
    const client = clientOf(ctx);
    const user = await this.dataSource.getRepository(User).findOne({ where: { email } });
    // The venue's own accounts cannot log in, so nothing of theirs is remembered.
    const refused = async (failure: LoginFailure, refusal: Refusal) => {
      if (user && !user.is_system) await recordLogin(this.dataSource.manager, user.id, client, failure);
      return refusal;
    };
    const trusted = user ? await this.guards.devices.trustedAttempt(ctx, user.id) : null;
    const attempt =
      trusted ??
      (await this.guards.logins.begin(email).catch(async (error: unknown) => {
        throw error instanceof Refusal ? await refused('too_many_attempts', error) : error;
      }));
    const matches = await verifyPassword(password, user?.password_hash ?? (await this.decoyHash));
    if (!user || !matches || user.is_system)
      throw await refused('wrong_password', refuseIdentity('invalid-credentials'));
    await attempt.succeeded();
    if (!user.is_active) throw await refused('account_suspended', refuseIdentity('account-suspended'));
    const verdict = await this.twoFactor.verdict(user.id, totp).catch(async (error: unknown) => {
      throw error instanceof Refusal ? await refused('too_many_attempts', error) : error;
    });
    if (verdict === 'missing') throw await refused('two_factor_required', refuseIdentity('two-factor-required'));
    if (verdict === 'wrong') throw await refused('invalid_two_factor_code', refuseIdentity('invalid-two-factor-code'));
    return this.signIn(ctx, user, verdict === 'passed');
  }

  /** The user as the product shows them, with what two-factor asks of them. */
  view(manager: EntityManager, user: Omit<AuthenticatedUser, 'session_id'>) {
    return userView(manager, user, this.options.adminsNeedTwoFactor);
  }

  /**
   * Changes the caller's password: the current one must be right (wrong ones are throttled as failed
   * logins are, on a count of their own), the new one must pass the registration rule. Every other session ends; the caller's
   * goes on.
   */
  async changePassword(caller: AuthenticatedUser, current: string, next: string) {
    const attempt = await this.guards.changes.begin(caller.id);
    const { password_hash } = await this.dataSource
      .getRepository(User)
      .findOneOrFail({ where: { id: caller.id }, select: { password_hash: true } });
    if (!(await verifyPassword(current, password_hash))) throw refuseIdentity('wrong-current-password');
    await attempt.succeeded();
    if (next === current) throw refuseIdentity('same-password');
    const problem = passwordProblem(next, caller);
    if (problem) throw refuseIdentity('weak-password', { problem });
    const hash = await hashPassword(next);
    const ended = await this.dataSource.transaction(async (manager) => {
      await manager.update(User, caller.id, { password_hash: hash });
      return this.sessions.endAll(manager, caller.id, caller.session_id);
    });
    this.sessions.announceEnded(ended);
    return { sessions_ended: ended.length };
  }

  /** Starts a session, and trusts the browser with a device cookie for the account. */
  private async signIn(ctx: Context, user: User, twoFactorEnabled: boolean) {
    const client = clientOf(ctx);
    const token = await this.dataSource.transaction(async (manager) => {
      await recordLogin(manager, user.id, client, null);
      return this.sessions.start(manager, user.id, client);
    });
    await this.guards.devices.issue(ctx, user.id);
    return { token, user: await this.view(this.dataSource.manager, { ...user, two_factor_enabled: twoFactorEnabled }) };
  }
}
