/** Whether this user must turn two-factor on before anything else: administrators, when ADMIN_REQUIRE_2FA is on. */
export const twoFactorSetupRequired = (
  user: { is_admin: boolean; two_factor_enabled: boolean },
  adminsNeedTwoFactor: boolean,
): boolean => adminsNeedTwoFactor && user.is_admin && !user.two_factor_enabled;
