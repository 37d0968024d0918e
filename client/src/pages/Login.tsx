import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { PublicOnly } from '../auth/guards';
import { useSession } from '../auth/session';
import { KeyIcon, QrIcon } from '../components/Icons';
import Logo, { PRODUCT_NAME } from '../components/Logo';
import { Copyright } from '../components/SiteFooter';

const PROVIDERS = ['Passkey', 'Google', 'Apple', 'Telegram'];

export default function Login() {
  const { login } = useSession();
  // Where to go once signed in: admin -> /admin, everyone else -> /trade (keeping a pair they asked for).
  const [destination, setDestination] = useState<string | null>(null);
  const from = (useLocation().state as { from?: string } | null)?.from;
  const traderHome = from?.startsWith('/trade?') ? from : '/trade';
  const { enqueueSnackbar } = useSnackbar();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await login(email.trim(), password, (user) => setDestination(user.is_admin ? '/admin' : traderHome));
      enqueueSnackbar('Login successful!', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Login failed'), { variant: 'error' });
      setBusy(false);
    }
  };

  return (
    <PublicOnly to={destination}>
      <div className="auth-page">
        <div className="auth-top">
          <Logo />
          <button
            type="button"
            className="icon-btn"
            aria-label="Log in with QR code"
            onClick={() => enqueueSnackbar('QR code login is not available yet', { variant: 'info' })}
          >
            <QrIcon size={22} />
          </button>
        </div>
        <main className="auth-main">
          <div className="auth-card">
            <h1>Log in</h1>
            <form className="stack" onSubmit={onSubmit}>
              <div className="field">
                <label htmlFor="login-email">Email/Phone number</label>
                <input
                  id="login-email"
                  className="input"
                  type="email"
                  required
                  autoComplete="username"
                  placeholder="Email/Phone (without country code)"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="login-password">Password</label>
                <input
                  id="login-password"
                  className="input"
                  type="password"
                  required
                  autoComplete="current-password"
                  placeholder="Password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </div>
              <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
                {busy ? 'Logging in...' : 'Continue'}
              </button>
            </form>
            <div className="divider">or</div>
            {PROVIDERS.map((provider) => (
              <button
                key={provider}
                type="button"
                className="btn social-btn"
                onClick={() => enqueueSnackbar(`Continue with ${provider} is not available yet`, { variant: 'info' })}
              >
                {provider === 'Passkey' && <KeyIcon size={16} />}Continue with {provider}
              </button>
            ))}
            <div style={{ marginTop: 16, textAlign: 'center' }}>
              <Link to="/register">Create a {PRODUCT_NAME} Account</Link>
            </div>
          </div>
        </main>
        <footer className="auth-footer">
          <Copyright />
        </footer>
      </div>
    </PublicOnly>
  );
}
