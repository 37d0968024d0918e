import { z } from 'zod';
import { standalone } from '../http/validation';

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
});

export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1, standalone('Password is required')).max(128),
});

export const userResponse = z.object({
  id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  kyc_status: z.enum(['pending', 'submitted', 'approved', 'rejected']),
  balance: z.number(),
  created_at: z.string(),
});

export const sessionResponse = z.object({ token: z.string(), user: userResponse });
