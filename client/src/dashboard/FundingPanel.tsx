/**
 * Deposit or withdrawal tab: where to pay (the trader's reference and the bank accounts) or what is
 * available, the amount input and request button, and the history. With no bank account to pay
 * into, deposits are unavailable and no request can be made.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { fundingApi } from '../api/endpoints';
import type { BankAccount, FundingRequest } from '../api/types';
import { dateTime, usd } from '../format';
import BankTransferDetails from './BankTransferDetails';
import StatusBadge from '../components/StatusBadge';
import TwoFactorCodeField from '../components/TwoFactorCodeField';

/** Dollars and cents above zero, as the server takes them. */
const DOLLARS_AND_CENTS = /^\d+(\.\d{1,2})?$/;
const isValidAmount = (text: string): boolean => DOLLARS_AND_CENTS.test(text.trim()) && Number(text) > 0;

interface Props {
  kind: 'deposit' | 'withdrawal';
  history: FundingRequest[];
  /** Deposits: the active bank accounts; null until read. */
  bankAccounts?: BankAccount[] | null;
  available?: number;
  /** The trader has two-factor on: a withdrawal asks for a code. */
  asksForCode?: boolean;
  /** Resolves true when the request was accepted (the inputs are then cleared). */
  onRequest: (amount: number, code?: string) => Promise<boolean>;
  onInvalid: () => void;
}

/** The trader's deposit reference (it never changes), read once the deposit tab shows; null until then. */
function useDepositReference(wanted: boolean): string | null {
  const [reference, setReference] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    fundingApi
      .depositReference()
      .then((read) => setReference(read.deposit_reference))
      .catch((error) => console.warn('funding: deposit reference not read', error));
  }, [wanted]);
  return reference;
}

export default function FundingPanel({
  kind,
  history,
  bankAccounts = null,
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
  const activeAccounts = bankAccounts?.filter((a) => a.is_active !== false) ?? null;
  const reference = useDepositReference(isDeposit);
  // Nowhere to pay: the request form is not offered (the server refuses deposits then too).
  const unavailable = isDeposit && activeAccounts !== null && activeAccounts.length === 0;

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
        {isDeposit && activeAccounts === null && <div className="muted small">Loading bank details…</div>}
        {isDeposit && activeAccounts !== null && activeAccounts.length > 0 && (
          <BankTransferDetails accounts={activeAccounts} reference={reference} />
        )}
        {unavailable && (
          <div className="notice" data-testid="deposits-unavailable">
            Deposits are unavailable right now: there is no bank account to transfer to. Please check back later.
          </div>
        )}
        {!isDeposit && available !== undefined && (
          <div className="kv">
            <span>Available</span>
            <span className="num">{usd(available)}</span>
          </div>
        )}
        {/* noValidate: a bad amount gets our message, not the browser's tooltip. */}
        {!unavailable && (
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
        )}
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
