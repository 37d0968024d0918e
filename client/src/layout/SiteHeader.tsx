/** Header of the public pages: nav, and either Log In / Register or the signed-in user's shortcuts. */
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session';
import { LogoutIcon, WalletIcon } from '../components/Icons';
import Logo from '../components/Logo';
import ProfileMenu from './ProfileMenu';
import { SiteMenu, SiteNavLinks } from './SiteNav';

/** The way to the wallet (the dashboard); on a phone its icon alone. */
export function WalletLink() {
  return (
    <Link className="btn btn-ghost btn-sm" to="/dashboard" aria-label="Wallet">
      <WalletIcon size={16} />
      <span className="wide-only">Wallet</span>
    </Link>
  );
}

export default function SiteHeader() {
  const { user, logout } = useSession();
  const navigate = useNavigate();

  return (
    <header className="site-header">
      <div className="inner">
        <Logo />
        <SiteNavLinks />
        <div className="header-actions">
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
          {user && user.is_admin && (
            <>
              <Link className="btn btn-primary btn-sm" to="/admin">
                Admin
              </Link>
              <button
                type="button"
                className="icon-btn"
                aria-label="Logout"
                onClick={() => {
                  logout();
                  navigate('/login');
                }}
              >
                <LogoutIcon />
              </button>
            </>
          )}
          {user && !user.is_admin && (
            <>
              <WalletLink />
              <ProfileMenu user={user} />
            </>
          )}
          <SiteMenu>
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
