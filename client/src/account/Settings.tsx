/**
 * /settings: the account's security. Two-factor authentication, the signed-in sessions, the
 * password and the login history. An administrator who must turn two-factor on first
 * (ADMIN_REQUIRE_2FA) sees only what leads there.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { accountApi } from '../api/endpoints';
import type { AccountSession, LoginHistoryEntry } from '../api/types';
import { useSession } from '../auth/session';
import SiteHeader from '../layout/SiteHeader';
import LoginHistorySection from './settings/LoginHistorySection';
import PasswordSection from './settings/PasswordSection';
import SessionsSection from './settings/SessionsSection';
import TwoFactorSection from './settings/TwoFactorSection';

export default function Settings() {
  const { user, logout, refreshUser } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [sessions, setSessions] = useState<AccountSession[]>([]);
  const [logins, setLogins] = useState<LoginHistoryEntry[]>([]);
  const setupFirst = user?.two_factor_setup_required ?? false;

  const load = useCallback(async () => {
    try {
      const [nextSessions, nextLogins] = await Promise.all([
        accountApi.sessions(),
        // Refused (403) until an administrator who must has turned two-factor on.
        setupFirst ? Promise.resolve([]) : accountApi.logins(),
      ]);
      setSessions(nextSessions);
      setLogins(nextLogins);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to fetch data'), { variant: 'error' });
    }
  }, [enqueueSnackbar, setupFirst]);

  useEffect(() => {
    void load();
  }, [load]);

  const onLogout = () => {
    logout();
    navigate('/login');
  };

  return (
    <div className="page">
      <SiteHeader
        heading={
          <>
            <div style={{ fontWeight: 600 }}>Settings</div>
            <div className="muted small">{user?.email}</div>
          </>
        }
      />
      <main className="container settings" style={{ padding: 24 }}>
        {setupFirst && (
          <div className="notice" style={{ marginBottom: 16 }}>
            Administrators must turn on two-factor authentication before using the back office.
          </div>
        )}
        <div className="grid grid-2 settings-grid">
          <div className="stack">
            <TwoFactorSection onChanged={refreshUser} />
            {!setupFirst && <PasswordSection onChanged={() => void load()} />}
          </div>
          <div className="stack">
            <SessionsSection sessions={sessions} onEnded={() => void load()} onLogoutHere={onLogout} />
            {!setupFirst && <LoginHistorySection logins={logins} />}
          </div>
        </div>
      </main>
    </div>
  );
}
