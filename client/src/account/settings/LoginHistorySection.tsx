/** The latest logins to the account: when, the outcome, from where, with what. */
import type { LoginHistoryEntry } from '../../api/types';
import { dateTime, deviceName, loginOutcome } from '../../format';
import { ListIcon } from '../../components/Icons';
import SettingsSection from './SettingsSection';

export default function LoginHistorySection({ logins }: { logins: LoginHistoryEntry[] }) {
  return (
    <SettingsSection id="logins-title" icon={<ListIcon size={16} />} title="Login history">
      {logins.length === 0 ? (
        <div className="empty">No logins yet</div>
      ) : (
        <div className="table-wrap">
          <table className="table dense-table" aria-labelledby="logins-title">
            <thead>
              <tr>
                <th>Time</th>
                <th>Result</th>
                <th>IP address</th>
                <th>Device</th>
              </tr>
            </thead>
            <tbody>
              {logins.map((login) => (
                <tr key={login.id}>
                  <td className="num">{dateTime(login.created_at)}</td>
                  <td className={login.success ? 'up' : 'down'}>{loginOutcome(login.failure)}</td>
                  <td className="num">{login.ip}</td>
                  <td title={login.user_agent}>{deviceName(login.user_agent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsSection>
  );
}
