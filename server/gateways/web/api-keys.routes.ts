import { z } from 'zod';
import { recordId } from '../../money/back-office/decision-inputs';
import { route } from './route';
import { standalone } from '../../kernel/validation';
import { twoFactorCode, type TwoFactorService } from '../../identity/two-factor/two-factor.service';
import type { ApiKeysService } from '../../identity/api-keys/api-keys.service';
import { isAllowlistAddress } from '../../identity/api-keys/ip-allowlist';

/** Addresses one key may list, as Binance allows. */
const MAX_ALLOWLIST = 30;

const PERMISSIONS_RULE = standalone('Permissions must be ["read"] or ["read", "trade"]');

const newApiKey = z.object({
  label: z
    .string({ error: standalone('Please enter a label') })
    .trim()
    .min(1, standalone('Please enter a label'))
    .max(64, standalone('Label must be at most 64 characters')),
  permissions: z
    .array(z.enum(['read', 'trade'], { error: PERMISSIONS_RULE }), { error: PERMISSIONS_RULE })
    .refine((list) => list.includes('read') && new Set(list).size === list.length, PERMISSIONS_RULE),
  ip_allowlist: z
    .array(
      z.string().trim().refine(isAllowlistAddress, standalone('Each allowed address must be an IPv4 or IPv6 address')),
    )
    .max(MAX_ALLOWLIST, standalone(`At most ${MAX_ALLOWLIST} allowed addresses`))
    .optional(),
  /** Needed when the trader has two-factor on (in the body, or the query). */
  totp: twoFactorCode.optional(),
});
const twoFactorQuery = z.object({ totp: twoFactorCode.optional() });

const apiKey = z.object({
  id: z.uuid(),
  label: z.string(),
  api_key: z.string(),
  permissions: z.array(z.enum(['read', 'trade'])),
  ip_allowlist: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
const byId = z.object({ id: recordId });

export function apiKeysRoutes(apiKeys: ApiKeysService, twoFactor: TwoFactorService) {
  return [
    route({
      method: 'post',
      path: '/account/api-keys',
      summary:
        'Create an API key for the Binance-compatible API (/api/v3); its secret is in this answer only, never shown again. With two-factor on, `totp` is needed too',
      tags: ['api-keys'],
      access: 'trader',
      query: twoFactorQuery,
      body: newApiKey,
      status: 201,
      response: apiKey.extend({ secret: z.string() }),
      handler: async ({ body: { totp, ...key }, query, user }) => {
        await twoFactor.requireTwoFactor(user.id, totp ?? query.totp);
        return apiKeys.create(user.id, key);
      },
    }),
    route({
      method: 'get',
      path: '/account/api-keys',
      summary: "The caller's API keys in use, newest first (without their secrets)",
      tags: ['api-keys'],
      access: 'trader',
      response: z.array(apiKey),
      handler: ({ user }) => apiKeys.list(user.id),
    }),
    route({
      method: 'delete',
      path: '/account/api-keys/:id',
      summary: "Revoke one of the caller's API keys: no request signed with it is accepted from then on",
      tags: ['api-keys'],
      access: 'trader',
      params: byId,
      response: apiKey,
      handler: ({ params, user }) => apiKeys.revoke(user.id, params.id),
    }),
  ];
}
