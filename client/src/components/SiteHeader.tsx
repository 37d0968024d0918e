/** Header of the public pages: nav, and either Log In / Register or the signed-in user's shortcuts. */
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session';
import { LogoutIcon, WalletIcon } from './Icons';
import Logo from './Logo';
import ProfileMenu from './ProfileMenu';

const NAV: [string, string][] = [
  ['Buy Crypto', '/buy-crypto'],
  ['Markets', '/markets'],
  ['Trade', '/trade'],
  ['Futures', '/derivatives'],
  ['Earn', '/earn'],
];

export default function SiteHeader() {
  const { user, logout } = useSession();
  const navigate = useNavigate();

  return (
    <header className="site-header">
      <div className="inner">
        <Logo />
        <nav className="nav">
          {NAV.map(([label, to]) => (
            <NavLink key={to} to={to}>
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="header-actions">
          {!user && (
            <>
              <Link className="btn btn-ghost btn-sm" to="/login">
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
              <Link className="btn btn-ghost btn-sm" to="/dashboard">
                <WalletIcon size={16} />
                Wallet
              </Link>
              <ProfileMenu user={user} />
            </>
          )}
        </div>
      </div>
    </header>
  );
}
