import { randomUUID } from 'node:crypto';
import { IsNull, type DataSource } from 'typeorm';
import type { EventBus } from '../../platform/bus/event-bus';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { refuseIdentity } from '../auth/refusals';
import { ApiKey } from './api-key.entity';
import { randomCredential } from './api-key-credentials';
import type { ApiKeyLookup } from './api-key-lookup';
import { canonicalAddress } from './ip-allowlist';

/** Keys one trader may hold at once (revoked ones do not count). */
export const MAX_KEYS_PER_USER = 30;

/** Whose keys every process forgets at once (a key of theirs was revoked, or they were reactivated): `{ user_id }`. */
export const API_KEYS_CHANGED_TOPIC = 'api-keys.changed';

export type ApiKeyPermission = 'read' | 'trade';

export interface NewApiKey {
  label: string;
  permissions: ApiKeyPermission[];
  ip_allowlist?: string[];
}

const view = (key: ApiKey) => ({
  id: key.id,
  label: key.label,
  api_key: key.api_key,
  permissions: (key.can_trade ? ['read', 'trade'] : ['read']) as ApiKeyPermission[],
  ip_allowlist: key.ip_allowlist,
  created_at: key.created_at.toISOString(),
  last_used_at: key.last_used_at?.toISOString() ?? null,
});

/** A trader's API keys: created with a secret shown once and kept sealed, listed without it, revoked at once. */
export class ApiKeysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly bus: EventBus,
    private readonly lookup: ApiKeyLookup,
  ) {}

  /** The new key with its secret: the only answer that ever carries it. */
  async create(userId: string, input: NewApiKey) {
    const secret = randomCredential();
    const id = randomUUID();
    const key = await this.dataSource.transaction(async (manager) => {
      // The owner's row, locked: two creations at once count each other's key.
      await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const held = await manager.count(ApiKey, { where: { user_id: userId, revoked_at: IsNull() } });
      if (held >= MAX_KEYS_PER_USER) throw refuseIdentity('too-many-api-keys', { max: MAX_KEYS_PER_USER });
      const row = manager.create(ApiKey, {
        id,
        user_id: userId,
        label: input.label,
        api_key: randomCredential(),
        sealed_secret: this.box.seal(secret, id),
        can_trade: input.permissions.includes('trade'),
        ip_allowlist: [...new Set((input.ip_allowlist ?? []).map(canonicalAddress))],
      });
      await manager.insert(ApiKey, row);
      return manager.findOneByOrFail(ApiKey, { id });
    });
    return { ...view(key), secret };
  }

  /** The caller's keys in use, newest first, without their secrets. */
  async list(userId: string) {
    const keys = await this.dataSource
      .getRepository(ApiKey)
      .createQueryBuilder('key')
      .where('key.user_id = :userId AND key.revoked_at IS NULL', { userId })
      .orderBy('key.created_at', 'DESC')
      .addOrderBy('key.id', 'DESC')
      .getMany();
    return keys.map(view);
  }

  /** Revokes one of the caller's keys: from the answer on, no process accepts it. */
  async revoke(userId: string, keyId: string) {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(ApiKey)
      .set({ revoked_at: () => 'now()' })
      .where('id = :keyId AND user_id = :userId AND revoked_at IS NULL', { keyId, userId })
      .returning('*')
      .execute();
    const [revoked] = result.raw as ApiKey[];
    if (!revoked) throw refuseIdentity('api-key-not-found');
    this.lookup.forgetUser(userId);
    this.bus.publish(API_KEYS_CHANGED_TOPIC, { user_id: userId });
    return view(revoked);
  }
}
