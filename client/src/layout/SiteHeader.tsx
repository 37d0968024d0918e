/**
 * The one header of every screen: the logo, the site's links, the screen's own heading (the
 * dashboard's greeting, the settings' title), and either Log In / Register or the signed-in user's
 * shortcuts: the wallet and the profile menu for a trader, the admin area for an administrator, and
 * Logout for both.
 */
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { homeFor, useSession } from '../auth/session';
import { LogoutIcon, WalletIcon } from '../components/Icons';
import Logo from '../components/Logo';
import ProfileMenu from './ProfileMenu';
import { SITE_LINKS, SiteMenu, SiteNavLinks, type NavLinks } from './SiteNav';

/** The way to the wallet (the dashboard); on a phone its icon alone. */
export function WalletLink() {
  return (
    <Link className="btn btn-ghost btn-sm" to="/dashboard" aria-label="Wallet">
      <WalletIcon size={16} />
      <span className="wide-only">Wallet</span>
    </Link>
  );
}

function LogoutButton() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-label="Logout"
      onClick={() => {
        logout();
        navigate('/login');
      }}
    >
      <LogoutIcon size={16} />
      <span className="wide-only">Logout</span>
    </button>
  );
}

interface Props {
  /** The screen's own title beside the logo, e.g. the dashboard's 'Welcome back' and the user's name. */
  heading?: ReactNode;
  links?: NavLinks;
  /** Before the user's shortcuts, e.g. the trade screen's connection state. */
  status?: ReactNode;
  /** The trade screen's lower bar on its panel colour. */
  dense?: boolean;
}

export default function SiteHeader({ heading, links = SITE_LINKS, status, dense = false }: Props) {
  const { user } = useSession();

  return (
    <header className={`site-header${dense ? ' dense' : ''}`}>
      <div className="inner">
        <Logo to={homeFor(user)} />
        <SiteNavLinks links={links} />
        {heading && <div className="header-heading">{heading}</div>}
        <div className="header-actions">
          {status}
          {!user && (
            <>
              <Link className="btn btn-ghost btn-sm wide-only" to="/login">
                Log In
              </Link>
              <Link className="btn btn-primary btn-sm" to="/register">
                Register
              </Link>
            </>
          )}
          {user?.is_admin && (
            <Link className="btn btn-primary btn-sm" to="/admin">
              Admin
            </Link>
          )}
          {user && !user.is_admin && (
            <>
              <WalletLink />
              <ProfileMenu user={user} />
            </>
          )}
          {user && <LogoutButton />}
          <SiteMenu links={links}>
            {!user && (
              <>
                <Link className="btn btn-ghost btn-block" to="/login">
                  Log In
                </Link>
                <Link className="btn btn-primary btn-block" to="/register">
                  Register
                </Link>
              </>
            )}
          </SiteMenu>
        </div>
      </div>
    </header>
  );
}
