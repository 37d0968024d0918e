import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { ApiError, errorMessage, TWO_FACTOR_CODE_REQUIRED } from '../api/client';
import { PublicOnly } from '../auth/guards';
import { useSession } from '../auth/session';
import { KeyIcon, QrIcon } from '../components/Icons';
import Logo, { PRODUCT_NAME } from '../components/Logo';
import TwoFactorCodeField from '../components/TwoFactorCodeField';
import { Copyright } from '../layout/SiteFooter';

const PROVIDERS = ['Passkey', 'Google', 'Apple', 'Telegram'];

const asksForCode = (error: unknown) => error instanceof ApiError && error.detail === TWO_FACTOR_CODE_REQUIRED;

export default function Login() {
  const { login, endedElsewhere } = useSession();
  // Where to go once signed in: admin -> /admin, everyone else -> /trade (keeping a pair they asked for).
  const [destination, setDestination] = useState<string | null>(null);
  const from = (useLocation().state as { from?: string } | null)?.from;
  const traderHome = from?.startsWith('/trade?') ? from : '/trade';
  const { enqueueSnackbar } = useSnackbar();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The second step, once the server has asked for a two-factor code: the password is kept for it.
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await login({ email: email.trim(), password, totp: codeStep ? code.trim() : undefined }, (user) =>
        setDestination(user.is_admin ? '/admin' : traderHome),
      );
      enqueueSnackbar('Login successful!', { variant: 'success' });
    } catch (error) {
      if (!codeStep && asksForCode(error)) setCodeStep(true);
      else enqueueSnackbar(errorMessage(error, 'Login failed'), { variant: 'error' });
      setCode('');
      setBusy(false);
    }
  };

  const backToPassword = () => {
    setCodeStep(false);
    setCode('');
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
            {codeStep ? (
              <>
                <h1>Two-factor authentication</h1>
                <form className="stack" onSubmit={onSubmit}>
                  <div className="muted small">
                    Enter the 6-digit code from your authenticator app for {email.trim()}, or one of your recovery
                    codes.
                  </div>
                  <TwoFactorCodeField
                    id="login-code"
                    label="Authentication code"
                    value={code}
                    onChange={setCode}
                    autoFocus
                  />
                  <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
                    {busy ? 'Verifying...' : 'Verify'}
                  </button>
                  <button type="button" className="btn-link small" onClick={backToPassword}>
                    ← Back to password
                  </button>
                </form>
              </>
            ) : (
              <>
                <h1>Log in</h1>
                {endedElsewhere && (
                  <div className="notice" role="status" style={{ marginBottom: 16 }}>
                    Your session ended. Please log in again.
                  </div>
                )}
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
                    onClick={() =>
                      enqueueSnackbar(`Continue with ${provider} is not available yet`, { variant: 'info' })
                    }
                  >
                    {provider === 'Passkey' && <KeyIcon size={16} />}Continue with {provider}
                  </button>
                ))}
                <div style={{ marginTop: 16, textAlign: 'center' }}>
                  <Link to="/register">Create a {PRODUCT_NAME} Account</Link>
                </div>
              </>
            )}
          </div>
        </main>
        <footer className="auth-footer">
          <Copyright />
        </footer>
      </div>
    </PublicOnly>
  );
}
