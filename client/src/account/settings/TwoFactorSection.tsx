/** Two-factor authentication: set up with a QR code, turned on with a first code (answering the recovery codes), turned off with a code. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../api/client';
import { accountApi } from '../../api/endpoints';
import type { TwoFactorSetup, TwoFactorStatus } from '../../api/types';
import { ShieldIcon } from '../../components/Icons';
import TwoFactorCodeField from '../../components/TwoFactorCodeField';
import QrCode from './QrCode';
import SettingsSection from './SettingsSection';

const CODE_LABEL = 'Code from your authenticator app';

type Stage =
  | { kind: 'status' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  /** Just turned on: the recovery codes, shown this once. */
  | { kind: 'recovery-codes'; codes: string[] };

/** `onChanged` runs once two-factor was turned on or off (the signed-in user changes with it). */
export default function TwoFactorSection({ onChanged }: { onChanged: () => Promise<void> }) {
  const { enqueueSnackbar } = useSnackbar();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setStatus(await accountApi.twoFactor());
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to fetch data'), { variant: 'error' });
    }
  }, [enqueueSnackbar]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs an action with the button busy and a toast on failure; the code typed is spent either way. */
  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      enqueueSnackbar(errorMessage(error, fallback), { variant: 'error' });
    } finally {
      setCode('');
      setBusy(false);
    }
  };

  const startSetup = () =>
    run(async () => setStage({ kind: 'setup', setup: await accountApi.setUpTwoFactor() }), 'Failed to set up');

  const enable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { recovery_codes } = await accountApi.enableTwoFactor(code.trim());
      setStage({ kind: 'recovery-codes', codes: recovery_codes });
      enqueueSnackbar('Two-factor authentication is on', { variant: 'success' });
      await Promise.all([load(), onChanged()]);
    }, 'Failed to turn on two-factor authentication');
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await accountApi.disableTwoFactor(code.trim());
      enqueueSnackbar('Two-factor authentication is off', { variant: 'success' });
      await Promise.all([load(), onChanged()]);
    }, 'Failed to turn off two-factor authentication');
  };

  return (
    <SettingsSection
      id="two-factor-title"
      icon={<ShieldIcon size={16} />}
      title="Two-factor authentication"
      aside={
        status && (
          <span className={`badge ${status.enabled ? 'up' : 'neutral'}`} data-testid="two-factor-state">
            {status.enabled ? 'On' : 'Off'}
          </span>
        )
      }
    >
      {stage.kind === 'setup' && (
        <div className="two-factor-setup">
          <QrCode text={stage.setup.otpauth_url} />
          <form className="stack grow" onSubmit={enable}>
            <div className="muted small">
              Scan the QR code with an authenticator app (Google Authenticator, Authy, 1Password...), or enter the key
              by hand. Then type the 6-digit code it shows.
            </div>
            <div className="field">
              <span className="label">Key</span>
              <code className="secret-key num" data-testid="totp-secret">
                {stage.setup.secret}
              </code>
            </div>
            <TwoFactorCodeField id="enable-code" label={CODE_LABEL} value={code} onChange={setCode} />
            <div className="row" style={{ gap: 8 }}>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'Turning on...' : 'Turn on'}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setStage({ kind: 'status' })}>
                Cancel
              </button>
            </div>
          </form>
        </div>
      )}

      {stage.kind === 'recovery-codes' && (
        <div className="stack">
          <div className="notice">
            Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator; they
            are not shown again.
          </div>
          <ol className="recovery-codes num" data-testid="recovery-codes">
            {stage.codes.map((recoveryCode) => (
              <li key={recoveryCode}>{recoveryCode}</li>
            ))}
          </ol>
          <button type="button" className="btn btn-primary" onClick={() => setStage({ kind: 'status' })}>
            I have saved them
          </button>
        </div>
      )}

      {stage.kind === 'status' && status && !status.enabled && (
        <div className="stack">
          <div className="muted small">
            Protect your account with a code from your phone at every login, withdrawal and API key creation.
          </div>
          <div>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void startSetup()}>
              Set up two-factor authentication
            </button>
          </div>
        </div>
      )}

      {stage.kind === 'status' && status?.enabled && (
        <form className="stack" onSubmit={disable}>
          <div className="kv">
            <span>Recovery codes left</span>
            <span className="num">{status.recovery_codes_left}</span>
          </div>
          <TwoFactorCodeField id="disable-code" label={CODE_LABEL} value={code} onChange={setCode} />
          <div>
            <button type="submit" className="btn btn-sell" disabled={busy}>
              {busy ? 'Turning off...' : 'Turn off'}
            </button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
