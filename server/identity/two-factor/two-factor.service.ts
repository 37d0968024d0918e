import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { FailureThrottle } from '../auth/failure-throttle';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { refuseIdentity } from '../auth/refusals';
import { issueRecoveryCodes, recoveryCodesLeft, useRecoveryCode } from './recovery-codes';
import { looksLikeTotpCode, newTotpSecret, otpauthUrl, totpStep } from './totp';
import { TwoFactor } from './two-factor.entity';

/** A two-factor code as a request carries it (`totp`, in the query or the JSON body): six digits, or a recovery code. */
export const twoFactorCode = z.string().trim().min(1).max(64);

/**
 * What a code given for a user amounts to: `off` when the user has no two-factor (nothing to
 * check), `missing` when none was given, `wrong`, or `passed` (a TOTP code of a step not used
 * before, or an unused recovery code, now used up).
 */
export type CodeVerdict = 'off' | 'missing' | 'wrong' | 'passed';

/**
 * TOTP two-factor authentication (RFC 6238): setting it up, turning it on and off, and checking a
 * code wherever an action asks for one (login, withdrawals, API keys, turning it off). The secret is
 * kept sealed (crypto/secret-box.ts); wrong codes are throttled per account as wrong passwords are.
 */
export class TwoFactorService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly throttle: FailureThrottle,
  ) {}

  async status(userId: string) {
    const { manager } = this.dataSource;
    const row = await manager.findOne(TwoFactor, { where: { user_id: userId } });
    const enabled = row?.enabled_at != null;
    return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(manager, userId) : 0 };
  }

  /** A new secret to scan; it counts once a code from it turns two-factor on (enable). A setup not finished is replaced. */
  async setup(user: { id: string; email: string }) {
    const secret = newTotpSecret();
    const sealed_secret = this.box.seal(secret, user.id);
    const [replaced]: unknown[] = await this.dataSource.query(
      `INSERT INTO two_factor (user_id, sealed_secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET sealed_secret = excluded.sealed_secret, created_at = now()
         WHERE two_factor.enabled_at IS NULL
       RETURNING 1`,
      [user.id, sealed_secret],
    );
    if (!replaced) throw refuseIdentity('two-factor-already-on');
    return { secret, otpauth_url: otpauthUrl(secret, user.email) };
  }

  /** Turns two-factor on with a code from the secret being set up; answers the ten recovery codes, shown this once. */
  async enable(userId: string, code: string) {
    const row = await this.dataSource.manager.findOne(TwoFactor, { where: { user_id: userId } });
    if (row?.enabled_at) throw refuseIdentity('two-factor-already-on');
    if (!row) throw refuseIdentity('two-factor-not-set-up');
    const step = await totpStep(this.box.open(row.sealed_secret, userId), code, null);
    if (step === null) throw refuseIdentity('invalid-setup-code');
    return this.dataSource.transaction(async (manager) => {
      // The code's step is the last used: the same code cannot sign in next.
      const [enabled]: unknown[] = await manager.query(
        `WITH enabled AS (
           UPDATE two_factor SET enabled_at = now(), last_step = $3
            WHERE user_id = $1 AND sealed_secret = $2 AND enabled_at IS NULL RETURNING 1
         ) SELECT 1 FROM enabled`,
        [userId, row.sealed_secret, step],
      );
      if (!enabled) throw refuseIdentity('two-factor-setup-changed');
      return { recovery_codes: await issueRecoveryCodes(manager, userId) };
    });
  }

  /** Turns two-factor off: a code (or a recovery code) is needed, as for any guarded action. */
  async disable(userId: string, code: string | undefined) {
    await this.requireTwoFactor(userId, code);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(TwoFactor, { user_id: userId });
      await manager.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    });
    return { enabled: false };
  }

  /**
   * The guard of actions that need a second factor (withdrawals, API key creation, turning
   * two-factor off): with two-factor on, refused without a code or with a wrong one (neither
   * questions the caller's session), and while wrong codes are being throttled. Passes without a
   * code when the user has none.
   */
  async requireTwoFactor(userId: string, code: string | undefined): Promise<void> {
    const verdict = await this.verdict(userId, code);
    if (verdict === 'missing') throw refuseIdentity('two-factor-required');
    if (verdict === 'wrong') throw refuseIdentity('invalid-two-factor-code');
  }

  /** What `code` amounts to for this user (see CodeVerdict); refused while their wrong codes are throttled. */
  async verdict(userId: string, code: string | undefined): Promise<CodeVerdict> {
    const row = await this.dataSource.manager.findOne(TwoFactor, { where: { user_id: userId } });
    if (!row?.enabled_at) return 'off';
    if (!code) return 'missing';
    const attempt = await this.throttle.begin(userId);
    const passed = looksLikeTotpCode(code)
      ? await this.useTotpCode(this.dataSource.manager, row, code)
      : await useRecoveryCode(this.dataSource.manager, userId, code);
    if (!passed) return 'wrong';
    await attempt.succeeded();
    return 'passed';
  }

  /** Whether the code is right and of a later step than the last used, which it then becomes: good once, even when sent twice at once. */
  private async useTotpCode(manager: EntityManager, row: TwoFactor, code: string): Promise<boolean> {
    const lastStep = row.last_step === null ? null : Number(row.last_step);
    const step = await totpStep(this.box.open(row.sealed_secret, row.user_id), code, lastStep);
    if (step === null) return false;
    const [claimed]: unknown[] = await manager.query(
      `WITH claimed AS (
         UPDATE two_factor SET last_step = $2
          WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_step IS NULL OR last_step < $2) RETURNING 1
       ) SELECT 1 FROM claimed`,
      [row.user_id, step],
    );
    return claimed !== undefined;
  }
}
