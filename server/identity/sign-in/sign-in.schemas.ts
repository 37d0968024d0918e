import { z } from 'zod';
import { standalone } from '../../kernel/validation';
import { twoFactorCode } from '../two-factor/two-factor.service';
import { LOGIN_FAILURES } from './login-history-entry.entity';

/** E-mails are trimmed and lower-cased, so 'Ann@X.com ' and 'ann@x.com' are one account. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: standalone('Please enter a valid email address') }));

export const newPassword = z
  .string()
  .min(8, standalone('Password must be at least 8 characters'))
  .max(128, standalone('Password must be at most 128 characters'));

export const registerBody = z.object({
  email: emailField,
  password: newPassword,
  full_name: z
    .string()
    .trim()
    .min(1, standalone('Full name is required'))
    .max(120, standalone('Full name is too long')),
  /** The code of the trader who referred this one (the link /register?ref=CODE fills it in); empty is none. */
  referral_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(32, standalone('Unknown referral code'))
    .optional()
    .transform((code) => code || undefined),
});

const currentPassword = z.string().min(1, standalone('Password is required')).max(128);

export const loginBody = z.object({
  email: emailField,
  password: currentPassword,
  /** Asked for (401 with `two_factor_required`) when the account has two-factor on. */
  totp: twoFactorCode.optional(),
});

export const changePasswordBody = z.object({ current_password: currentPassword, new_password: newPassword });

export const userResponse = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  kyc_status: z.enum(['pending', 'submitted', 'approved', 'rejected']),
  balance: z.number(),
  created_at: z.string(),
  two_factor_enabled: z.boolean(),
  /** The account must turn two-factor on before anything else (administrators, with ADMIN_REQUIRE_2FA). */
  two_factor_setup_required: z.boolean(),
});

export const sessionResponse = z.object({ token: z.string(), user: userResponse });

export const loginHistoryItem = z.object({
  id: z.uuid(),
  created_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  success: z.boolean(),
  /** Why it was refused; null for a success. */
  failure: z.enum(LOGIN_FAILURES).nullable(),
});
