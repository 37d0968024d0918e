import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from '../../platform/bus/redis';
import { createLimiter } from '../../platform/bus/limiter';
import { refuseIdentity, type IdentityRefusal } from './refusals';

/** Consecutive failures after which each further attempt waits. */
export const FAILURES_BEFORE_DELAY = 5;
/** The longest wait: the owner is slowed, never locked out. */
const MAX_DELAY_SECONDS = 15 * 60;
/** Failures older than this (counted from the first of a run) are forgotten. */
export const FAILURES_REMEMBERED_SECONDS = 24 * 60 * 60;
/** Never reached: past FAILURES_BEFORE_DELAY attempts come one per wait. */
const UNLIMITED = 1_000_000_000;

/** Seconds the next attempt must wait after `failures` consecutive failures: none up to 4, then 1, 2, 4 ... up to 15 minutes. */
export function delayAfterFailures(failures: number): number {
  if (failures < FAILURES_BEFORE_DELAY) return 0;
  return Math.min(2 ** (failures - FAILURES_BEFORE_DELAY), MAX_DELAY_SECONDS);
}

export interface ThrottledAttempt {
  /** The secret was right: the account's failures and wait are forgotten. */
  succeeded(): Promise<void>;
}

export interface ThrottleOptions {
  /** Names its counters (`<name>-failures`, `<name>-wait`). */
  name: string;
  /** What an attempt is refused with while the wait runs (its data: `retry_after_seconds`). */
  refusal: Extract<IdentityRefusal, 'too-many-failed-logins' | 'too-many-wrong-two-factor-codes'>;
}

/**
 * Slows the guessing of one account's secret (its password, its two-factor codes), from however
 * many addresses: after consecutive failures each further attempt waits, the wait doubling up to
 * 15 minutes, and a success ends it. Shared by every process through Redis when it is there (see
 * createLimiter). Logins are keyed by the e-mail given (trimmed, lower-cased), known or not, so the
 * answers tell nothing about which accounts exist.
 */
export class FailureThrottle {
  /** Attempts since the last success, each counted as a failure from its start until it succeeds. */
  private readonly failures: RateLimiterAbstract;
  /** The running wait: its key lives for the wait, and only the attempt that created it is let through. */
  private readonly waits: RateLimiterAbstract;

  constructor(
    private readonly options: ThrottleOptions,
    redis: Redis | null,
    prefix: string,
  ) {
    this.failures = createLimiter(
      { name: `${options.name}-failures`, points: UNLIMITED, duration: FAILURES_REMEMBERED_SECONDS },
      redis,
      prefix,
    );
    this.waits = createLimiter({ name: `${options.name}-wait`, points: 1, duration: MAX_DELAY_SECONDS }, redis, prefix);
  }

  /**
   * Starts an attempt on `account`, or refuses it, saying how long to wait, while its wait runs. The attempt
   * is counted before the password is checked, so simultaneous attempts cannot all pass as the
   * first; one that would fail the account into a delay opens that wait at once, which the others
   * then meet.
   */
  async begin(account: string): Promise<ThrottledAttempt> {
    const { consumedPoints: failuresIfThisFails } = await this.failures.consume(account);
    const delay = delayAfterFailures(failuresIfThisFails);
    if (delay > 0) {
      try {
        await this.waits.consume(account, 1, { customDuration: delay });
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await this.failures.reward(account); // refused before trying: not a failure
        const retry_after_seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw refuseIdentity(this.options.refusal, { retry_after_seconds });
      }
    }
    return {
      succeeded: async () => {
        await Promise.all([this.failures.delete(account), this.waits.delete(account)]);
      },
    };
  }
}

/**
 * Wrong passwords of one account: `login` counts the logins of browsers without the account's
 * device cookie (see device-cookies.ts), keyed by e-mail; `password-change` counts wrong current
 * passwords when changing it, keyed by account. They are apart so that neither locks the other
 * out: an attacker's logins do not stop the owner changing their password, nor does the owner's
 * mistyping delay their logins. A caller with a session, perhaps a stolen one, still guesses no
 * faster than the schedule above.
 */
export const passwordThrottle = (name: 'login' | 'password-change', redis: Redis | null, prefix: string) =>
  new FailureThrottle({ name, refusal: 'too-many-failed-logins' }, redis, prefix);
