/**
 * The Earn subscribe dialog: the product's terms, the trader's available balance of its asset, and
 * an amount checked before it is sent (a number, at least the minimum, at most what is available).
 */
import { useState, type FormEvent } from 'react';
import type { EarnProduct } from '../api/types';
import { ratePercent, assetAmount, earnTerm, exactDecimal } from '../format';

/** What is wrong with the amount typed, or null when it may be sent. */
export function amountProblem(text: string, product: EarnProduct, available: number | null): string | null {
  const value = Number(text);
  if (!/^\d+(\.\d{1,18})?$/.test(text) || !(value > 0)) return 'Please enter a valid amount';
  if (value < Number(product.min_amount))
    return `The minimum subscription is ${exactDecimal(product.min_amount)} ${product.asset}`;
  if (available !== null && value > available) return 'Insufficient balance';
  return null;
}

export default function EarnDialog({
  product,
  available,
  onSubscribe,
  onClose,
}: {
  product: EarnProduct;
  /** The trader's available balance of the product's asset; null while it loads. */
  available: number | null;
  onSubscribe: (amount: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim();
    const found = amountProblem(text, product, available);
    setProblem(found);
    if (found) return;
    setBusy(true);
    if (await onSubscribe(text)) onClose();
    setBusy(false);
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <form
        className="dialog stack earn-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={`Subscribe to ${product.asset} ${earnTerm(product)}`}
        onSubmit={submit}
        noValidate
      >
        <h3>
          Subscribe {product.asset} · {earnTerm(product)}
        </h3>
        <dl className="earn-terms">
          <dt>APY</dt>
          <dd className="up num">{ratePercent(product.apy)}</dd>
          <dt>Minimum</dt>
          <dd className="num">{assetAmount(product.min_amount, product.asset)}</dd>
          <dt>Available</dt>
          <dd className="num" data-testid="earn-available">
            {available === null ? '…' : assetAmount(String(available), product.asset)}
          </dd>
        </dl>
        <div className="field">
          <label htmlFor="earn-amount">Amount ({product.asset})</label>
          <div className="row">
            <input
              id="earn-amount"
              className="input num grow"
              inputMode="decimal"
              autoFocus
              placeholder={`Min ${exactDecimal(product.min_amount)}`}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setProblem(null);
              }}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={!available}
              onClick={() => setAmount(String(available ?? ''))}
            >
              Max
            </button>
          </div>
          {problem && (
            <div className="down small" role="alert">
              {problem}
            </div>
          )}
        </div>
        <p className="muted small" style={{ margin: 0 }}>
          {product.term_days === null
            ? 'Interest is credited to your position as it accrues; redeem any time for your principal and interest.'
            : `Your principal and interest come back automatically after ${product.term_days} days; it cannot be redeemed before.`}
        </p>
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? 'Subscribing...' : 'Confirm'}
          </button>
        </div>
      </form>
    </div>
  );
}
