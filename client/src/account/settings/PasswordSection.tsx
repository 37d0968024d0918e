/** Changing the password: the current one again, the new one twice. Every other session ends. */
import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../api/client';
import { accountApi } from '../../api/endpoints';
import { KeyIcon } from '../../components/Icons';
import SettingsSection from './SettingsSection';

export default function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (next !== again) {
      enqueueSnackbar('The new passwords do not match', { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const { sessions_ended } = await accountApi.changePassword(current, next);
      const others = sessions_ended === 1 ? '1 other session' : `${sessions_ended} other sessions`;
      enqueueSnackbar(`Password changed; ${others} logged out`, { variant: 'success' });
      setCurrent('');
      setNext('');
      setAgain('');
      onChanged();
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to change password'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (id: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="password"
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    </div>
  );

  return (
    <SettingsSection id="password-title" icon={<KeyIcon size={16} />} title="Change password">
      <form className="stack" onSubmit={onSubmit}>
        {field('current-password', 'Current password', current, setCurrent, 'current-password')}
        {field('new-password', 'New password', next, setNext, 'new-password')}
        {field('new-password-again', 'Confirm new password', again, setAgain, 'new-password')}
        <div className="muted small">Your other sessions are logged out when the password changes.</div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Changing...' : 'Change password'}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
