/** Cancel all, asked first: every open order of one pair, or of every pair. */
import { useState } from 'react';
import ConfirmDialog from '../components/ConfirmDialog';

export default function CancelAllButton({
  orders,
  pair,
  onConfirm,
  className = 'btn-link',
}: {
  /** How many open orders are shown, when known: none, and there is nothing to cancel. */
  orders?: number;
  /** The pair it is limited to (BTC/USDT); every pair when absent. */
  pair?: string;
  onConfirm: () => Promise<void>;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={className} disabled={orders === 0} onClick={() => setAsking(true)}>
        Cancel all
      </button>
      {asking && (
        <ConfirmDialog
          title="Cancel all open orders?"
          confirm="Cancel all"
          onConfirm={onConfirm}
          onClose={() => setAsking(false)}
        >
          All your open orders {pair ? `on ${pair}` : 'on every pair'} will be cancelled, and what they hold released.
        </ConfirmDialog>
      )}
    </>
  );
}
