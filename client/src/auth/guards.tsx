/** Route guards: which signed-in user (or visitor) may open a route, and where everyone else is sent. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { homeFor, useSession } from './session';

/**
 * /, /login, /register: signed-in users go to their home (admin -> /admin, user -> /dashboard),
 * or to `to` when the page that signed them in chose a destination.
 */
export function PublicOnly({ children, to }: { children: ReactNode; to?: string | null }) {
  const { user } = useSession();
  return user ? <Navigate to={to ?? homeFor(user)} replace /> : <>{children}</>;
}

/** Trader routes: anonymous visitors and admins go to /login. */
export function TraderOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  // Remember the page (e.g. /trade?pair=ETHUSDT from the markets page) for after login.
  return user && !user.is_admin ? (
    <>{children}</>
  ) : (
    <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
  );
}

/** The admin area; an administrator who must turn two-factor on first (ADMIN_REQUIRE_2FA) goes to /settings for it. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.is_admin) return <Navigate to="/login" replace />;
  return user.two_factor_setup_required ? <Navigate to="/settings" replace /> : <>{children}</>;
}

/** Pages of any signed-in account (its settings); visitors go to /login. */
export function SignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user ? <>{children}</> : <Navigate to="/login" replace />;
}
