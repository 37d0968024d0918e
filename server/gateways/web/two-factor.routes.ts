import { z } from 'zod';
import { route } from './route';
import { twoFactorCode, type TwoFactorService } from '../../identity/two-factor/two-factor.service';

const codeBody = z.object({ code: twoFactorCode });

/** Setting up, turning on and off the caller's two-factor authentication. */
export function twoFactorRoutes(twoFactor: TwoFactorService) {
  return [
    route({
      method: 'get',
      path: '/account/2fa',
      summary: "Whether the caller's two-factor authentication is on, and how many recovery codes are left",
      tags: ['account', 'two-factor'],
      access: 'user',
      reachableBeforeTwoFactor: true,
      response: z.object({ enabled: z.boolean(), recovery_codes_left: z.number() }),
      handler: ({ user }) => twoFactor.status(user.id),
    }),
    route({
      method: 'post',
      path: '/account/2fa/setup',
      summary: 'A new TOTP secret and its otpauth:// URL (for a QR code); it counts once enabled with a code from it',
      tags: ['account', 'two-factor'],
      access: 'user',
      reachableBeforeTwoFactor: true,
      response: z.object({ secret: z.string(), otpauth_url: z.string() }),
      handler: ({ user }) => twoFactor.setup(user),
    }),
    route({
      method: 'post',
      path: '/account/2fa/enable',
      summary: 'Turn two-factor on with a code from the secret set up; answers ten one-time recovery codes, shown once',
      tags: ['account', 'two-factor'],
      access: 'user',
      reachableBeforeTwoFactor: true,
      body: codeBody,
      response: z.object({ recovery_codes: z.array(z.string()) }),
      handler: ({ body, user }) => twoFactor.enable(user.id, body.code),
    }),
    route({
      method: 'post',
      path: '/account/2fa/disable',
      summary: 'Turn two-factor off: needs a current code or a recovery code (`code`, or `totp` in the query or body)',
      tags: ['account', 'two-factor'],
      access: 'user',
      input: z.object({ code: twoFactorCode.optional(), totp: twoFactorCode.optional() }),
      response: z.object({ enabled: z.boolean() }),
      handler: ({ input, user }) => twoFactor.disable(user.id, input.code ?? input.totp),
    }),
  ];
}
