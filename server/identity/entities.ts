import { ApiKey } from './api-keys/api-key.entity';
import { LoginHistoryEntry } from './sign-in/login-history-entry.entity';
import { User } from './auth/user.entity';
import { Session } from './sessions/session.entity';
import { RecoveryCode } from './two-factor/recovery-code.entity';
import { TwoFactor } from './two-factor/two-factor.entity';

/** This layer's TypeORM entities: users, their sessions, logins, second factors and API keys. */
export const IDENTITY_ENTITIES = [User, LoginHistoryEntry, Session, TwoFactor, RecoveryCode, ApiKey];
