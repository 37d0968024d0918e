/** The account's signed-in devices, each with a "Log out" that ends it at once. */
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../api/client';
import { accountApi } from '../../api/endpoints';
import type { AccountSession } from '../../api/types';
import { dateTime, deviceName } from '../../format';
import { UsersIcon } from '../../components/Icons';
import SettingsSection from './SettingsSection';

interface Props {
  sessions: AccountSession[];
  /** Re-read the list after a session ended. */
  onEnded: () => void;
  /** Logging out the caller's own session: the app's logout. */
  onLogoutHere: () => void;
}

export default function SessionsSection({ sessions, onEnded, onLogoutHere }: Props) {
  const { enqueueSnackbar } = useSnackbar();

  const end = async (session: AccountSession) => {
    if (session.current) {
      onLogoutHere();
      return;
    }
    try {
      await accountApi.endSession(session.id);
      enqueueSnackbar('Session logged out', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to log out the session'), { variant: 'error' });
    }
    onEnded();
  };

  return (
    <SettingsSection id="sessions-title" icon={<UsersIcon size={16} />} title="Active sessions">
      {sessions.length === 0 ? (
        <div className="empty">No active sessions</div>
      ) : (
        <div className="list">
          {sessions.map((session) => (
            <div key={session.id} className="list-row" data-testid="session-row">
              <div className="grow" style={{ minWidth: 0 }}>
                <div style={{ fontWeight: 600 }} title={session.user_agent}>
                  {deviceName(session.user_agent)}
                  {session.current && <span className="badge up plain session-here">This device</span>}
                </div>
                <div className="muted small">
                  <span className="num">{session.ip}</span> · signed in {dateTime(session.created_at)}
                </div>
                <div className="muted small">last seen {dateTime(session.last_seen_at)}</div>
              </div>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void end(session)}>
                Log out
              </button>
            </div>
          ))}
        </div>
      )}
    </SettingsSection>
  );
}
