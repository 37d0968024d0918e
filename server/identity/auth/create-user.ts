import type { DataSource } from 'typeorm';
import { refuseIdentity } from './refusals';
import { hashPassword } from './password';
import { passwordProblem } from './password-policy';
import { User } from './user.entity';

const UNIQUE_VIOLATION = '23505';

export interface NewUser {
  email: string;
  password: string;
  full_name: string;
  is_admin?: boolean;
}

/** Every account is created here (registration, the admin bootstrap, admin:create), so each gets the password rule. */
export async function createUser(
  dataSource: DataSource,
  { email, password, full_name, is_admin = false }: NewUser,
): Promise<User> {
  const problem = passwordProblem(password, { email, full_name });
  if (problem) throw refuseIdentity('weak-password', { problem });
  const password_hash = await hashPassword(password);
  try {
    return await dataSource.getRepository(User).save({ email, full_name, password_hash, is_admin });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw refuseIdentity('email-taken');
    throw error;
  }
}
