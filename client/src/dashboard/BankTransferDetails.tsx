/**
 * Where and how to pay a deposit: the trader's reference, to write on the transfer so an
 * administrator can tell whose money arrived, and the venue's active bank accounts, each detail with
 * a Copy button.
 */
import type { BankAccount } from '../api/types';
import CopyButton from '../components/CopyButton';
import { BankIcon } from '../components/Icons';

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="transfer-detail">
      <span className="muted">{label}</span>
      <span className="num transfer-value" data-testid={testId}>
        {value}
      </span>
      <CopyButton text={value} what={label.toLowerCase()} />
    </div>
  );
}

export default function BankTransferDetails({
  accounts,
  reference,
}: {
  accounts: BankAccount[];
  /** Null until read. */
  reference: string | null;
}) {
  return (
    <div className="stack" style={{ gap: 8 }}>
      <div className="reference-card">
        {reference ? (
          <Detail label="Deposit Reference" value={reference} testId="deposit-reference" />
        ) : (
          <div className="muted">Deposit Reference: loading…</div>
        )}
        <div className="muted small">
          Put this reference in the transfer's reference or memo field: it tells us the money is yours.
        </div>
      </div>
      <div className="muted small">Transfer to one of these bank accounts:</div>
      {accounts.map((account) => (
        <div key={account.id} className="bank-card small" data-testid="bank-account">
          <div className="row bank-name">
            <BankIcon size={14} />
            {account.bank_name}
          </div>
          <Detail label="Account Number" value={account.account_number} />
          <Detail label="Account Holder" value={account.account_holder} />
        </div>
      ))}
      <div className="notice small">
        After transferring, request a deposit of the same amount below. An admin will confirm it.
      </div>
    </div>
  );
}
