import { createSecretKey, type KeyObject } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { Logger } from '../../platform/logger/logger';
import { poolStatementRunner, type StatementRunner } from '../../platform/db/named-statement';
import { allowlistMatcher } from './ip-allowlist';

/** What a signed request may do with a key, as read from the database a moment ago. */
export interface ApiKeyGrant {
  keyId: string;
  userId: string;
  canTrade: boolean;
  /** The owner is an active trader: a suspended account's keys do nothing. */
  ownerMayUse: boolean;
  /** Whether a request from this client address may use the key. */
  allows(address: string): boolean;
  /** The secret, as the HMAC key requests are signed with. */
  secret: KeyObject;
}

/**
 * How long a key read from the database answers for it in this process. A revocation, a
 * suspension or a reactivation also clears the key at once, in every process, through the bus; this
 * bounds how long a lost bus message can leave a key working (or refused).
 */
export const KEY_TRUST_MS = 1000;

interface GrantRow {
  id: string;
  user_id: string;
  sealed_secret: string;
  can_trade: boolean;
  ip_allowlist: string[];
  owner_may_use: boolean;
}

interface Entry {
  grant: ApiKeyGrant;
  readAt: number;
}

/**
 * Finds the key a request names, for the signed requests of every process. A key read less than
 * KEY_TRUST_MS ago is not read again, so a burst of signed orders costs one read (and one
 * decryption) a second per key rather than one per request; concurrent requests for a key not in
 * memory share one read. Unknown keys are not remembered: the request weight limit bounds how many
 * a client can try.
 */
export class ApiKeyLookup {
  private readonly entries = new Map<string, Entry>();
  private readonly reading = new Map<string, Promise<ApiKeyGrant | null>>();
  /** Moves on with every invalidation: a read begun before one is answered but not remembered. */
  private generation = 0;
  private sweptAt = 0;
  private readonly runStatement: StatementRunner;

  constructor(
    dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.runStatement = poolStatementRunner(dataSource);
  }

  /** The key named `apiKey` if it exists and was not revoked, else null. */
  find(apiKey: string): Promise<ApiKeyGrant | null> {
    const now = this.now();
    if (now - this.sweptAt >= 10 * KEY_TRUST_MS) this.sweep(now);
    const entry = this.entries.get(apiKey);
    if (entry && now - entry.readAt < KEY_TRUST_MS) return Promise.resolve(entry.grant);
    let read = this.reading.get(apiKey);
    if (!read) {
      read = this.read(apiKey, now);
      this.reading.set(apiKey, read);
      const done = () => {
        if (this.reading.get(apiKey) === read) this.reading.delete(apiKey);
      };
      read.then(done, done);
    }
    return read;
  }

  /** Forgets every key of this user (revoked, or the owner suspended or reactivated): their next request reads afresh. */
  forgetUser(userId: string): void {
    this.generation++;
    // A read in flight may have begun before the change committed: later requests must not join it.
    this.reading.clear();
    for (const [apiKey, entry] of this.entries) if (entry.grant.userId === userId) this.entries.delete(apiKey);
  }

  private async read(apiKey: string, readAt: number): Promise<ApiKeyGrant | null> {
    const generation = this.generation;
    const [row] = await this.runStatement<GrantRow>({
      name: 'api-key-grant',
      text: `SELECT k.id, k.user_id, k.sealed_secret, k.can_trade, k.ip_allowlist,
                    u.is_active AND NOT u.is_admin AS owner_may_use
               FROM api_keys k JOIN users u ON u.id = k.user_id
              WHERE k.api_key = $1 AND k.revoked_at IS NULL`,
      values: [apiKey],
    });
    if (!row) return null;
    const secret = this.openSecret(row);
    if (!secret) return null;
    const grant: ApiKeyGrant = {
      keyId: row.id,
      userId: row.user_id,
      canTrade: row.can_trade,
      ownerMayUse: row.owner_may_use,
      allows: allowlistMatcher(row.ip_allowlist),
      secret,
    };
    if (generation === this.generation) this.entries.set(apiKey, { grant, readAt });
    return grant;
  }

  /**
   * The key's secret, or null when its sealed value does not open (ENCRYPTION_KEY changed, the row
   * altered): the key then works nowhere, as an unknown key, and the log says why.
   */
  private openSecret(row: GrantRow): KeyObject | null {
    try {
      return createSecretKey(Buffer.from(this.box.open(row.sealed_secret, row.id), 'utf8'));
    } catch (error) {
      this.logger.error({ err: error, keyId: row.id }, 'api keys: a secret does not open with ENCRYPTION_KEY');
      return null;
    }
  }

  /** Drops the keys nobody used lately, so memory holds the keys in use only. */
  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [apiKey, entry] of this.entries) if (now - entry.readAt >= KEY_TRUST_MS) this.entries.delete(apiKey);
  }
}
