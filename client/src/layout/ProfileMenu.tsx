/** Profile dropdown of the trading screens and public pages. */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { feesApi } from '../api/endpoints';
import type { User } from '../api/types';
import { useSession } from '../auth/session';
import Pnl from '../components/Pnl';
import { quantity, usd } from '../format';
import { useMarkets } from '../markets';
import { holdingOf, usePortfolio } from '../portfolio';
import {
  GiftIcon,
  KeyIcon,
  ListIcon,
  LogoutIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../components/Icons';

export default function ProfileMenu({ user }: { user: User }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const markets = useMarkets();
  const [open, setOpen] = useState(false);
  // Valued by the server while the menu is open (administrators hold nothing).
  const { portfolio } = usePortfolio(open && !user.is_admin);
  const [tier, setTier] = useState<string | null>(null);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || user.is_admin) return;
    feesApi
      .mine()
      .then((mine) => setTier(mine.tier))
      .catch((error) => console.warn('profile menu: fee tier unavailable', error));
  }, [open, user.is_admin]);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (anchor.current && !anchor.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };
  const onLogout = () => {
    setOpen(false);
    logout();
    navigate('/login');
  };
  const label = user.email.split('@')[0];
  const usdValue = portfolio && Number(portfolio.portfolio.value_usd);
  const btcPrice = Number(holdingOf(portfolio, 'BTC')?.price_usd ?? 0);
  const verified = user.kyc_status === 'approved';

  return (
    <div className="menu-anchor" ref={anchor}>
      <button
        type="button"
        className="avatar"
        aria-label="Profile menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {(user.full_name || user.email).charAt(0).toUpperCase()}
      </button>
      {open && (
        <div className="menu" role="menu">
          <div className="row" style={{ gap: 12 }}>
            <div className="avatar" style={{ width: 44, height: 44, fontSize: 18 }}>
              {label.charAt(0).toUpperCase()}
            </div>
            <div className="grow" style={{ minWidth: 0 }}>
              <div style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}>{user.email}</div>
              <div className="muted small">
                UID: <span className="num">{String(user.id).slice(0, 8)}</span>
              </div>
              <div className="row small" style={{ marginTop: 4 }}>
                <span className="badge neutral plain">{label}</span>
                {verified ? (
                  <span className="badge up">Verified</span>
                ) : (
                  <button
                    type="button"
                    className="badge warn"
                    style={{ border: 'none', cursor: 'pointer' }}
                    onClick={() => go('/dashboard')}
                  >
                    Unverified
                  </button>
                )}
              </div>
            </div>
          </div>

          <div className="row between small" style={{ marginTop: 12 }}>
            <span className="muted">VIP Level</span>
            <span data-testid="vip-level">{tier ?? '--'}</span>
          </div>
          <div className="row between small" style={{ marginTop: 4 }}>
            <span className="muted">Following</span>
            <span>0</span>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-block"
            style={{ marginTop: 10 }}
            onClick={() => enqueueSnackbar('Linking an X account is not available yet', { variant: 'info' })}
          >
            Link X
          </button>

          {!verified && (
            <div className="menu-card">
              <div style={{ fontWeight: 600 }} className="down">
                Verification Failed
              </div>
              <div className="muted small" style={{ margin: '4px 0 8px' }}>
                Please view the reasons and resubmit when you are ready.
              </div>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => go('/dashboard?tab=kyc')}>
                View Details
              </button>
            </div>
          )}

          <div className="menu-card">
            <div className="muted small">Estimated Balance</div>
            <div style={{ fontSize: 20, fontWeight: 600 }} className="num">
              {usdValue !== null && btcPrice > 0 ? quantity(usdValue / btcPrice, markets.assetStep('BTC')) : '--'}{' '}
              <span className="small muted">BTC</span>
            </div>
            <div className="muted small num">≈ {usdValue !== null ? usd(usdValue) : '--'}</div>
            <div className="row between small" style={{ marginTop: 6 }}>
              <span className="muted">Today's PnL</span>
              <Pnl
                value={portfolio?.portfolio.today_pnl ?? null}
                percentage={portfolio?.portfolio.today_pnl_percent ?? null}
                testId="today-pnl"
              />
            </div>
            <div className="grid grid-3" style={{ gap: 6, marginTop: 10 }}>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => go('/dashboard')}>
                Deposit
              </button>
              <button type="button" className="btn btn-sm" onClick={() => go('/dashboard?tab=withdrawals')}>
                Withdraw
              </button>
              <button type="button" className="btn btn-sm" onClick={() => go('/trading')}>
                Cash In
              </button>
            </div>
          </div>

          <nav>
            <Link className="menu-item" to="/dashboard" onClick={() => setOpen(false)}>
              <UserIcon />
              Dashboard
            </Link>
            <Link className="menu-item" to="/assets" onClick={() => setOpen(false)}>
              <WalletIcon />
              Assets
            </Link>
            <Link className="menu-item" to="/orders" onClick={() => setOpen(false)}>
              <ListIcon />
              Orders
            </Link>
            <Link className="menu-item" to="/account" onClick={() => setOpen(false)}>
              <ShieldIcon />
              Account
            </Link>
            <Link className="menu-item" to="/account/api" onClick={() => setOpen(false)}>
              <KeyIcon />
              API Management
            </Link>
            <Link className="menu-item" to="/referral" onClick={() => setOpen(false)}>
              <UsersIcon />
              Referral
            </Link>
            <Link className="menu-item" to="/rewards" onClick={() => setOpen(false)}>
              <GiftIcon />
              Rewards Hub
            </Link>
            <Link className="menu-item" to="/settings" onClick={() => setOpen(false)}>
              <SettingsIcon />
              Settings
            </Link>
            <button type="button" className="menu-item" onClick={onLogout}>
              <LogoutIcon />
              Log Out
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
