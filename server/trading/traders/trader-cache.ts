import { BalanceSheet } from './balance-sheet';
import type { TraderKeys, Traders, TraderState } from './trader-reads';

/**
 * What a sequencer knows of the traders placing orders between rounds: who they are and what they
 * can spend, as last read and moved since by every round it executed. A trader read less than
 * `trustMs` ago is not read again for the next round (a read per round would put a round trip on
 * the critical path, and add a sizeable share of PostgreSQL's work per order). What this cannot
 * see, it meets as follows:
 * - a credit from elsewhere (a deposit approved): a refusal on what is cached is never final, the
 *   order goes to the next round with its trader read afresh (see executeRound);
 * - a debit from elsewhere (a withdrawal's hold): the accounts' check constraint refuses any
 *   overdraft, the round fails and is retried one command at a time, each trader read afresh;
 * - a suspension, a KYC revoked: the round's statement checks every trader may still trade.
 * With several processes sharing the books (each spending the same users' balances), trustMs is 0:
 * every trader is read for every round.
 */
export class TraderCache {
  private readonly standings = new Map<string, TraderState>();
  private readonly sheet = new BalanceSheet([], [], []);
  private readonly readAt = new Map<string, number>();
  private sweptAt = 0;

  constructor(private readonly trustMs: number) {}

  /** What a round executes against: every trader the cache has. */
  get traders(): Traders {
    return { standings: this.standings, sheet: this.sheet };
  }

  /** The traders of `keys` to read before their round: never read, read too long ago, or without a balance in one of its assets. */
  toRead({ userIds, assets }: TraderKeys, now: number): string[] {
    if (now - this.sweptAt >= this.trustMs) this.sweep(now);
    return userIds.filter((userId) => {
      const readAt = this.readAt.get(userId);
      return readAt === undefined || now - readAt >= this.trustMs || !this.sheet.holds(userId, assets);
    });
  }

  /** Takes what a read (begun at `readAt`) found of `userIds`, its balances already moved by the rounds it could not see. */
  store(userIds: readonly string[], read: Traders, readAt: number): void {
    for (const userId of userIds) {
      const standing = read.standings.get(userId);
      if (standing) {
        this.standings.set(userId, standing);
        this.sheet.update(userId, read.sheet);
        this.readAt.set(userId, readAt);
      } else {
        // Not a user (any more): refused as such, and read again next time.
        this.forget([userId]);
      }
    }
  }

  /** Drops the traders read too long ago to serve (they would be read again anyway), so the cache holds the active ones only. */
  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [userId, readAt] of this.readAt) if (now - readAt >= this.trustMs) this.forget([userId]);
  }

  /** Drops what is known of these traders: their next round reads them. */
  forget(userIds: Iterable<string>): void {
    for (const userId of userIds) {
      this.standings.delete(userId);
      this.sheet.forget(userId);
      this.readAt.delete(userId);
    }
  }
}
