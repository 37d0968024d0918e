import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { ApiKeyLookup } from './api-key-lookup';
import { ApiKeyUsage } from './api-key-usage';
import { API_KEYS_CHANGED_TOPIC, ApiKeysService } from './api-keys.service';

/** What the Binance-compatible surface needs of the keys: finding the key a request names, and noting its use. */
export interface ApiKeyAccess {
  lookup: ApiKeyLookup;
  usage: ApiKeyUsage;
}

const userIdOf = (message: unknown): string | null => {
  const userId = (message as { user_id?: unknown } | null)?.user_id;
  return typeof userId === 'string' ? userId : null;
};

/** Traders' API keys, their secrets sealed by `box`: the service the web routes manage them with, and the lookup signed requests use. */
export function apiKeysModule(
  ctx: ServerContext,
  box: SecretBox,
): ExchangeModule & ApiKeyAccess & { service: ApiKeysService } {
  const lookup = new ApiKeyLookup(ctx.dataSource, box, ctx.logger);
  const usage = new ApiKeyUsage(ctx.dataSource, ctx.logger);
  const service = new ApiKeysService(ctx.dataSource, box, ctx.bus, lookup);
  const forget = (message: unknown) => {
    const userId = userIdOf(message);
    if (userId) lookup.forgetUser(userId);
  };
  return {
    name: 'api-keys',
    service,
    lookup,
    usage,
    async start() {
      // A revocation in another process, a suspension or a reactivation.
      await ctx.bus.subscribe(API_KEYS_CHANGED_TOPIC, forget);
      usage.start();
    },
    stop: () => usage.stop(),
  };
}
