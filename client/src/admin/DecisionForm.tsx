/** The admin's optional notes over Approve and Reject, for a pending deposit, withdrawal or KYC submission. */
import { useState } from 'react';
import type { Decision } from './decisions';

export default function DecisionForm({
  onDecide,
  busy = false,
  small = false,
}: {
  onDecide: (decision: Decision, notes: string) => void;
  /** Disables both buttons while a decision is on its way. */
  busy?: boolean;
  /** Small buttons, as in a list row. */
  small?: boolean;
}) {
  const [notes, setNotes] = useState('');
  const size = small ? ' btn-sm' : '';
  return (
    <>
      <textarea
        className="input"
        placeholder="Admin notes (optional)"
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <div className="row">
        <button
          type="button"
          className={`btn btn-buy${size}`}
          disabled={busy}
          onClick={() => onDecide('approve', notes)}
        >
          Approve
        </button>
        <button
          type="button"
          className={`btn btn-sell${size}`}
          disabled={busy}
          onClick={() => onDecide('reject', notes)}
        >
          Reject
        </button>
      </div>
    </>
  );
}
