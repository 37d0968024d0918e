/** API Management: the trader's keys for the Binance-compatible API; create one (its secret shown once), list, revoke. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { apiKeysApi } from '../api/endpoints';
import type { ApiKey, CreatedApiKey } from '../api/types';
import { useSession } from '../auth/session';
import ConfirmDialog from '../components/ConfirmDialog';
import CopyButton from '../components/CopyButton';
import CopyField from '../components/CopyField';
import { KeyIcon } from '../components/Icons';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import TwoFactorCodeField from '../components/TwoFactorCodeField';
import { dateTime } from '../format';

/** As many keys as the server lets a trader hold at once. */
const MAX_KEYS = 30;

/** A key's first and last characters: enough to tell keys apart, short enough for a table row. */
const shortKey = (key: string) => `${key.slice(0, 6)}…${key.slice(-4)}`;

/** The allowlist as typed: addresses separated by commas, spaces or new lines. */
const addressesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export default function ApiManagement() {
  const { enqueueSnackbar } = useSnackbar();
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const load = useCallback(async () => {
    try {
      setKeys(await apiKeysApi.list());
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to load your API keys'), { variant: 'error' });
    } finally {
      setLoaded(true);
    }
  }, [enqueueSnackbar]);

  useEffect(() => {
    void load();
  }, [load]);

  const onCreated = (key: CreatedApiKey) => {
    setCreated(key);
    void load();
  };

  const revoke = async (key: ApiKey) => {
    try {
      await apiKeysApi.revoke(key.id);
      enqueueSnackbar(`API key "${key.label}" revoked`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to revoke the API key'), { variant: 'error' });
    } finally {
      setRevoking(null);
      void load();
    }
  };

  return (
    <div className="page">
      <SiteHeader />
      <main className="container api-page">
        <div className="row between wrap" style={{ gap: 12, marginBottom: 8 }}>
          <h1 style={{ fontSize: 28 }}>API Management</h1>
          <span className="muted small num">
            {keys.length} / {MAX_KEYS} keys
          </span>
        </div>
        <p className="muted small" style={{ margin: '0 0 16px', maxWidth: 860 }}>
          Programs trade here through a Binance-compatible API at{' '}
          <span className="num accent">{window.location.origin}/api/v3</span>: point a Binance client (CCXT,
          Freqtrade...) at it with a key from this page. Requests are signed with the key's secret (HMAC-SHA256), as
          Binance documents.
        </p>
        <div className="api-layout">
          <CreateKeyForm onCreated={onCreated} full={keys.length >= MAX_KEYS} />
          <div className="card" style={{ padding: 8 }}>
            <div className="table-wrap">
              <table className="table api-keys" aria-label="API keys">
                <thead>
                  <tr>
                    <th>Label</th>
                    <th>API Key</th>
                    <th>Permissions</th>
                    <th>IP Access</th>
                    <th>Created</th>
                    <th>Last Used</th>
                    <th className="right">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((key) => (
                    <tr key={key.id} data-testid="api-key-row">
                      <td data-label="Label" style={{ fontWeight: 600 }}>
                        {key.label}
                      </td>
                      <td data-label="API Key">
                        <span className="row" style={{ gap: 4 }}>
                          <span className="num" title={key.api_key}>
                            {shortKey(key.api_key)}
                          </span>
                          <CopyButton text={key.api_key} />
                        </span>
                      </td>
                      <td data-label="Permissions">
                        <span className="row" style={{ gap: 4 }}>
                          <span className="badge neutral">Read</span>
                          {key.permissions.includes('trade') && <span className="badge up">Trade</span>}
                        </span>
                      </td>
                      <td data-label="IP Access" className="num small addresses">
                        {key.ip_allowlist.length === 0 ? (
                          <span className="badge warn">Unrestricted</span>
                        ) : (
                          key.ip_allowlist.join(', ')
                        )}
                      </td>
                      <td data-label="Created" className="small">
                        {dateTime(key.created_at)}
                      </td>
                      <td data-label="Last Used" className="small">
                        {key.last_used_at ? dateTime(key.last_used_at) : 'Never'}
                      </td>
                      <td className="right">
                        <button type="button" className="btn btn-sm btn-ghost down" onClick={() => setRevoking(key)}>
                          Revoke
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {keys.length === 0 && (
              <div className="empty">
                {loaded ? 'No API keys yet: create one to let a program trade' : 'Loading...'}
              </div>
            )}
          </div>
        </div>
      </main>
      <SiteFooter />
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeDialog apiKey={revoking} onConfirm={() => revoke(revoking)} onCancel={() => setRevoking(null)} />
      )}
    </div>
  );
}

function CreateKeyForm({ onCreated, full }: { onCreated: (key: CreatedApiKey) => void; full: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const { user } = useSession();
  const [label, setLabel] = useState('');
  const [trading, setTrading] = useState(false);
  const [allowlist, setAllowlist] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const asksForCode = user?.two_factor_enabled === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      enqueueSnackbar('Please enter a label', { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const addresses = addressesOf(allowlist);
      const key = await apiKeysApi.create({
        label: label.trim(),
        permissions: trading ? ['read', 'trade'] : ['read'],
        ...(addresses.length > 0 && { ip_allowlist: addresses }),
        ...(asksForCode && { totp: code.trim() }),
      });
      setLabel('');
      setTrading(false);
      setAllowlist('');
      onCreated(key);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to create the API key'), { variant: 'error' });
    } finally {
      // A code is good once: whatever the answer, the next try needs a new one.
      setCode('');
      setBusy(false);
    }
  };

  return (
    <form className="card stack" style={{ gap: 12, alignSelf: 'start' }} onSubmit={(e) => void submit(e)}>
      <div className="card-title">
        <KeyIcon size={16} />
        Create API Key
      </div>
      <div className="field">
        <label htmlFor="api-key-label">Label</label>
        <input
          id="api-key-label"
          className="input"
          maxLength={64}
          placeholder="e.g. Grid bot"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      </div>
      <div className="field">
        <span className="label">Permissions</span>
        <label className="check">
          <input type="checkbox" checked disabled />
          Enable reading
        </label>
        <label className="check">
          <input type="checkbox" checked={trading} onChange={(e) => setTrading(e.target.checked)} />
          Enable trading
        </label>
      </div>
      <div className="field">
        <label htmlFor="api-key-ips">Restrict access to trusted IPs (optional)</label>
        <textarea
          id="api-key-ips"
          className="input num"
          rows={2}
          placeholder="203.0.113.7, 2001:db8::1"
          value={allowlist}
          onChange={(e) => setAllowlist(e.target.value)}
        />
        <span className="muted small">Unrestricted keys work from any address: list yours for a key that trades.</span>
      </div>
      {asksForCode && <TwoFactorCodeField id="api-key-code" label="Two-factor code" value={code} onChange={setCode} />}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || full}>
        {full ? `At most ${MAX_KEYS} keys` : 'Create API Key'}
      </button>
    </form>
  );
}

function SecretDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog stack"
        role="dialog"
        aria-modal="true"
        aria-label="Your new API key"
        style={{ gap: 14, maxWidth: 600 }}
      >
        <h3>API key "{created.label}" created</h3>
        <div className="notice" role="alert">
          Copy your Secret Key now: it will not be shown again. If you lose it, revoke this key and create another.
        </div>
        <CopyField label="API Key" value={created.api_key} testId="new-api-key" />
        <CopyField label="Secret Key" value={created.secret} testId="new-api-secret" />
        <div className="muted small">
          Permissions: {created.permissions.includes('trade') ? 'read and trade' : 'read only'} · IP access:{' '}
          {created.ip_allowlist.length === 0 ? 'unrestricted' : created.ip_allowlist.join(', ')}
        </div>
        <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
          I have saved my Secret Key
        </button>
      </div>
    </div>
  );
}

function RevokeDialog({
  apiKey,
  onConfirm,
  onCancel,
}: {
  apiKey: ApiKey;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Revoke "${apiKey.label}"?`}
      label="Revoke API key"
      confirm="Revoke"
      dismiss="Cancel"
      onConfirm={onConfirm}
      onClose={onCancel}
    >
      Programs using <span className="num">{shortKey(apiKey.api_key)}</span> stop working at once. This cannot be
      undone.
    </ConfirmDialog>
  );
}
