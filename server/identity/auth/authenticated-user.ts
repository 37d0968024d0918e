import type { User } from './user.entity';

/** The caller of a request, as re-read from the database on every request, with the session its token names. */
export type AuthenticatedUser = Pick<
  User,
  'id' | 'email' | 'full_name' | 'is_admin' | 'is_active' | 'kyc_status' | 'created_at'
> & {
  session_id: string;
  two_factor_enabled: boolean;
};
