import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { useSession } from '../auth/session';
import { LogoMark, PRODUCT_NAME } from '../components/Logo';
import { Copyright } from '../layout/SiteFooter';

export default function Register() {
  const { register } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [searchParams] = useSearchParams();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A referral link (/register?ref=CODE) fills the code in; the visitor may still change or clear it.
  const [referralCode, setReferralCode] = useState(() => searchParams.get('ref') ?? '');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await register({
        email: email.trim(),
        password,
        full_name: fullName.trim(),
        referral_code: referralCode.trim() || undefined,
      });
      // The public-only guard around this page now sends the new user to /dashboard.
      enqueueSnackbar('Registration successful!', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Registration failed'), { variant: 'error' });
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <main className="auth-main" style={{ alignItems: 'center' }}>
        <div className="auth-card" style={{ background: 'var(--panel)' }}>
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <Link to="/" aria-label={PRODUCT_NAME}>
              <LogoMark size={48} />
            </Link>
            <h1 style={{ margin: '12px 0 6px' }}>{PRODUCT_NAME}</h1>
            <div className="muted">Create your trading account</div>
          </div>
          <form className="stack" onSubmit={onSubmit}>
            <div className="field">
              <label htmlFor="reg-name">Full Name</label>
              <input
                id="reg-name"
                className="input"
                required
                autoComplete="name"
                value={fullName}
                onChange={(e) => setFullName(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="reg-email">Email</label>
              <input
                id="reg-email"
                className="input"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="reg-password">Password</label>
              <input
                id="reg-password"
                className="input"
                type="password"
                required
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="reg-referral">Referral code (optional)</label>
              <input
                id="reg-referral"
                className="input"
                autoComplete="off"
                spellCheck={false}
                value={referralCode}
                onChange={(e) => setReferralCode(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy}>
              {busy ? 'Creating account...' : 'Register'}
            </button>
          </form>
          <div className="muted" style={{ marginTop: 16, textAlign: 'center' }}>
            Already have an account? <Link to="/login">Login here</Link>
          </div>
        </div>
      </main>
      <footer className="auth-footer">
        <Copyright />
      </footer>
    </div>
  );
}
