/** Admin's Limits tab: what one trader may ask for of deposits and withdrawals, seen and changed here. */
import { useEffect, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { adminApi } from '../api/endpoints';
import type { FundingLimits } from '../api/types';
import { count, usd } from '../format';

type Kind = keyof FundingLimits;
type Cap = keyof FundingLimits[Kind];

const KINDS: { key: Kind; label: string }[] = [
  { key: 'deposit', label: 'Deposits' },
  { key: 'withdrawal', label: 'Withdrawals' },
];
const CAPS: { key: Cap; label: string; hint: string }[] = [
  { key: 'max_amount', label: 'Per request (USD)', hint: 'the most one request may ask for' },
  {
    key: 'daily_amount',
    label: 'Per user per day (USD)',
    hint: "what one trader's requests of a day (UTC) may add up to",
  },
  { key: 'max_pending', label: 'Pending at once', hint: 'requests one trader may have waiting for a decision' },
];

type Form = Record<Kind, Record<Cap, string>>;
const asForm = (limits: FundingLimits): Form => ({
  deposit: { ...limits.deposit, max_pending: String(limits.deposit.max_pending) },
  withdrawal: { ...limits.withdrawal, max_pending: String(limits.withdrawal.max_pending) },
});
/** The form as the server takes it: amounts as typed, counts as numbers (anything else is refused there, with why). */
const asLimits = (form: Form): FundingLimits => ({
  deposit: { ...form.deposit, max_pending: Number(form.deposit.max_pending) },
  withdrawal: { ...form.withdrawal, max_pending: Number(form.withdrawal.max_pending) },
});

const inForce = (cap: Cap, value: string | number) => {
  if (Number(value) === 0) return 'No limit';
  return cap === 'max_pending' ? `${count(value)} at once` : usd(value);
};

export default function LimitsTab() {
  const { enqueueSnackbar } = useSnackbar();
  const [saved, setSaved] = useState<FundingLimits | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    adminApi
      .limits()
      .then((limits) => {
        setSaved(limits);
        setForm(asForm(limits));
      })
      .catch((error) => enqueueSnackbar(errorMessage(error, 'Failed to fetch data'), { variant: 'error' }));
  }, [enqueueSnackbar]);

  if (!saved || !form) return <div className="empty">Loading limits...</div>;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const limits = await adminApi.saveLimits(asLimits(form));
      setSaved(limits);
      setForm(asForm(limits));
      enqueueSnackbar('Limits saved', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to save limits'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={onSubmit}>
      <div className="row between">
        <h3>Funding Limits</h3>
        <span className="muted small">0 means no limit</span>
      </div>
      <div className="grid grid-2">
        {KINDS.map((kind) => (
          <section key={kind.key} className="card stack" data-testid={`limits-${kind.key}`}>
            <div className="card-title">{kind.label}</div>
            {CAPS.map((cap) => {
              const id = `limit-${kind.key}-${cap.key}`;
              return (
                <div key={cap.key} className="field">
                  <label htmlFor={id}>{cap.label}</label>
                  <input
                    id={id}
                    className="input num"
                    inputMode={cap.key === 'max_pending' ? 'numeric' : 'decimal'}
                    value={form[kind.key][cap.key]}
                    onChange={(e) => setForm({ ...form, [kind.key]: { ...form[kind.key], [cap.key]: e.target.value } })}
                  />
                  <span className="muted small" data-testid={`${id}-in-force`}>
                    In force: <span className="num">{inForce(cap.key, saved[kind.key][cap.key])}</span> · {cap.hint}
                  </span>
                </div>
              );
            })}
          </section>
        ))}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Limits'}
        </button>
      </div>
    </form>
  );
}
