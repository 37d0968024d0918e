import type { DataSource, EntityManager } from 'typeorm';
import { refuseIdentity } from './refusals';
import { hashPassword } from './password';
import { passwordProblem } from './password-policy';
import { User } from './user.entity';

const UNIQUE_VIOLATION = '23505';
/** The unique indexes whose violation means the database drew a code another account holds: drawn again. */
const DRAWN_CODE_INDEXES = new Set(['users_referral_code', 'users_deposit_reference']);
const CODE_DRAWS = 5;

export interface NewUser {
  email: string;
  password: string;
  full_name: string;
  is_admin?: boolean;
  /** The referring trader's code: it must be a trader's (not an administrator's or the venue's own). */
  referral_code?: string;
}

/** The trader holding `code`, or the refusal 'unknown-referral-code'. */
async function referrerOf(manager: EntityManager, code: string): Promise<string> {
  const [row] = (await manager.query(
    'SELECT id FROM users WHERE referral_code = $1 AND NOT is_admin AND NOT is_system',
    [code],
  )) as Array<{ id: string }>;
  if (!row) throw refuseIdentity('unknown-referral-code');
  return row.id;
}

/** Every account is created here (registration, the admin bootstrap, admin:create), so each gets the password rule. */
export async function createUser(
  dataSource: DataSource,
  { email, password, full_name, is_admin = false, referral_code }: NewUser,
): Promise<User> {
  const problem = passwordProblem(password, { email, full_name });
  if (problem) throw refuseIdentity('weak-password', { problem });
  const referred_by = referral_code ? await referrerOf(dataSource.manager, referral_code) : null;
  const password_hash = await hashPassword(password);
  for (let draw = 1; ; draw++) {
    try {
      return await dataSource.getRepository(User).save({ email, full_name, password_hash, is_admin, referred_by });
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code !== UNIQUE_VIOLATION) throw error;
      if (!DRAWN_CODE_INDEXES.has(constraint ?? '')) throw refuseIdentity('email-taken');
      if (draw === CODE_DRAWS) throw error;
    }
  }
}
