import type { DataSource } from 'typeorm';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import { SUSPENDED } from './authenticator';
import type { LoginAttempt } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import type { TokenService } from './tokens';
import { User } from './user.entity';
import { userView } from './user-view';

const WRONG_CREDENTIALS = 'Incorrect email or password';
const UNIQUE_VIOLATION = '23505';

export interface NewUser {
  email: string;
  password: string;
  full_name: string;
  is_admin?: boolean;
}

export class AuthService {
  /** Compared against when the e-mail is unknown, so both failures take the same time. */
  private readonly decoyHash = hashPassword('decoy-password-never-matches');

  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
  ) {}

  /** Every account is created here (registration, the admin bootstrap, admin:create), so each gets the password rule. */
  async createUser({ email, password, full_name, is_admin = false }: NewUser): Promise<User> {
    const problem = passwordProblem(password, { email, full_name });
    if (problem) throw badRequest(problem);
    const password_hash = await hashPassword(password);
    try {
      return await this.dataSource.getRepository(User).save({ email, full_name, password_hash, is_admin });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw conflict('Email already registered');
      throw error;
    }
  }

  async register(input: NewUser) {
    const user = await this.createUser({ ...input, is_admin: false });
    return this.session(user);
  }

  /** `attempt` learns the password was right before the suspension check: a right password ends the delay either way. */
  async login(email: string, password: string, attempt: LoginAttempt) {
    const user = await this.dataSource.getRepository(User).findOne({ where: { email } });
    const matches = await verifyPassword(password, user?.password_hash ?? (await this.decoyHash));
    if (!user || !matches || user.is_system) throw unauthorized(WRONG_CREDENTIALS);
    await attempt.succeeded();
    if (!user.is_active) throw forbidden(SUSPENDED);
    return this.session(user);
  }

  private async session(user: User) {
    return { token: await this.tokens.issue(user.id), user: await userView(this.dataSource.manager, user) };
  }
}
