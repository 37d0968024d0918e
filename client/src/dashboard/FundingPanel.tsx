/** Deposit or withdrawal tab: optional bank accounts, amount input, request button, history. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fundingApi } from '../api/endpoints';
import type { BankAccount, FundingRequest } from '../api/types';
import { dateTime, usd } from '../format';
import { useRealtime } from '../realtime/useRealtime';
import { BankIcon } from '../components/Icons';
import StatusBadge from '../components/StatusBadge';
import TwoFactorCodeField from '../components/TwoFactorCodeField';

/** Dollars and cents above zero, as the server takes them. */
const DOLLARS_AND_CENTS = /^\d+(\.\d{1,2})?$/;
const isValidAmount = (text: string): boolean => DOLLARS_AND_CENTS.test(text.trim()) && Number(text) > 0;

interface Props {
  kind: 'deposit' | 'withdrawal';
  history: FundingRequest[];
  bankAccounts?: BankAccount[];
  available?: number;
  /** The trader has two-factor on: a withdrawal asks for a code. */
  asksForCode?: boolean;
  /** Resolves true when the request was accepted (the inputs are then cleared). */
  onRequest: (amount: number, code?: string) => Promise<boolean>;
  onInvalid: () => void;
}

/**
 * The bank accounts to pay into: those the page loaded, replaced by a fresh list whenever an
 * administrator adds, deactivates or deletes one, so no one pays into an account that is gone.
 */
function useLiveBankAccounts(loaded: BankAccount[]): BankAccount[] {
  const [reloaded, setReloaded] = useState<BankAccount[] | null>(null);
  // Only the latest reload is shown: an earlier one answering late would bring back a removed account.
  const latest = useRef(0);
  // The page's own later load is as fresh: it wins until the next push.
  useEffect(() => setReloaded(null), [loaded]);
  useRealtime([], {
    'bank-accounts': () => {
      const ticket = ++latest.current;
      fundingApi
        .bankAccounts()
        .then((accounts) => ticket === latest.current && setReloaded(accounts))
        .catch((error) => console.warn('funding: bank accounts not reloaded', error));
    },
  });
  return reloaded ?? loaded;
}

export default function FundingPanel({
  kind,
  history,
  bankAccounts = [],
  available,
  asksForCode = false,
  onRequest,
  onInvalid,
}: Props) {
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const isDeposit = kind === 'deposit';
  const withCode = !isDeposit && asksForCode;
  const liveAccounts = useLiveBankAccounts(bankAccounts);
  const activeAccounts = liveAccounts.filter((a) => a.is_active !== false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidAmount(amount)) {
      onInvalid();
      return;
    }
    setBusy(true);
    const accepted = await onRequest(Number(amount), withCode ? code.trim() : undefined);
    setBusy(false);
    // A code is good once: whatever the answer, the next try needs a new one.
    setCode('');
    if (accepted) setAmount('');
  };

  return (
    <div className="grid grid-2" style={{ alignItems: 'start' }}>
      <div className="card stack">
        <h3>{isDeposit ? 'Request Deposit' : 'Request Withdrawal'}</h3>
        {isDeposit && activeAccounts.length > 0 && (
          <div className="stack" style={{ gap: 8 }}>
            <div className="muted small">Transfer to one of these bank accounts:</div>
            {activeAccounts.map((account) => (
              <div key={account.id} className="bank-card small">
                <div>
                  <div className="muted">Bank</div>
                  <div className="row" style={{ gap: 6 }}>
                    <BankIcon size={14} />
                    {account.bank_name}
                  </div>
                </div>
                <div>
                  <div className="muted">Account Number</div>
                  <div className="num">{account.account_number}</div>
                </div>
                <div>
                  <div className="muted">Account Holder</div>
                  <div>{account.account_holder}</div>
                </div>
              </div>
            ))}
            <div className="notice small">
              After transferring, request a deposit of the same amount below. An admin will confirm it.
            </div>
          </div>
        )}
        {!isDeposit && available !== undefined && (
          <div className="kv">
            <span>Available</span>
            <span className="num">{usd(available)}</span>
          </div>
        )}
        {/* noValidate: a bad amount gets our message, not the browser's tooltip. */}
        <form className="stack" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${kind}-amount`}>Amount (USD)</label>
            <input
              id={`${kind}-amount`}
              className="input num"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              placeholder="0.00"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          {withCode && (
            <TwoFactorCodeField id="withdrawal-code" label="Two-factor code" value={code} onChange={setCode} />
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {isDeposit ? 'Request Deposit' : 'Request Withdrawal'}
          </button>
        </form>
      </div>
      <div className="card">
        <h3 style={{ marginBottom: 8 }}>{isDeposit ? 'Deposit History' : 'Withdrawal History'}</h3>
        {history.length === 0 ? (
          <div className="empty">{isDeposit ? 'No deposits yet' : 'No withdrawals yet'}</div>
        ) : (
          <div className="list">
            {history.map((item) => (
              <div key={item.id} className="list-row">
                <div>
                  <div className="num" style={{ fontWeight: 600 }}>
                    {usd(item.amount)}
                  </div>
                  <div className="muted small">{dateTime(item.created_at)}</div>
                  {item.admin_notes && <div className="muted small">Notes: {item.admin_notes}</div>}
                </div>
                <StatusBadge status={item.status} />
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
