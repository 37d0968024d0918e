import type { EntityManager } from 'typeorm';
import { availableBalance } from '../../ledger/ledger';
import { twoFactorSetupRequired } from './setup-required';
import type { AuthenticatedUser } from './authenticated-user';

/** The user as the product shows it: `balance` is the available USD. */
export async function userView(
  manager: EntityManager,
  user: Omit<AuthenticatedUser, 'session_id'>,
  adminsNeedTwoFactor: boolean,
) {
  const balance = await availableBalance(manager, user.id, 'USD');
  return {
    id: user.id,
    full_name: user.full_name,
    email: user.email,
    is_admin: user.is_admin,
    is_active: user.is_active,
    kyc_status: user.kyc_status,
    balance: balance.toNumber(),
    created_at: user.created_at,
    two_factor_enabled: user.two_factor_enabled,
    two_factor_setup_required: twoFactorSetupRequired(user, adminsNeedTwoFactor),
  };
}
