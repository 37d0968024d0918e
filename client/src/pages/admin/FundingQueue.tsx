/** A queue of deposit or withdrawal requests: each row shows the request, and a pending one takes a decision. */
import { useState } from 'react';
import type { FundingRequest } from '../../api/types';
import StatusBadge from '../../components/StatusBadge';
import { dateTime, usd } from '../../format';
import type { Decide } from './decisions';

export default function FundingQueue({
  items,
  emptyText,
  decide,
}: {
  items: FundingRequest[];
  emptyText: string;
  decide: Decide;
}) {
  if (items.length === 0) return <div className="empty">{emptyText}</div>;
  return (
    <div className="list">
      {items.map((item) => (
        <FundingRow key={item.id} item={item} decide={decide} />
      ))}
    </div>
  );
}

function FundingRow({ item, decide }: { item: FundingRequest; decide: Decide }) {
  const [notes, setNotes] = useState('');
  return (
    <div className="list-row" style={{ alignItems: 'flex-start' }}>
      <div style={{ minWidth: 220 }}>
        <div className="num" style={{ fontWeight: 600, fontSize: 16 }}>
          {usd(item.amount)}
        </div>
        <div>
          {item.user?.full_name} <span className="muted small">{item.user?.email}</span>
        </div>
        <div className="muted small">{dateTime(item.created_at)}</div>
        {item.admin_notes && <div className="muted small">Notes: {item.admin_notes}</div>}
      </div>
      <div className="stack" style={{ gap: 8, alignItems: 'flex-end', flex: 1, maxWidth: 420 }}>
        <StatusBadge status={item.status} />
        {item.status === 'pending' && (
          <>
            <textarea
              className="input"
              placeholder="Admin notes (optional)"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
            <div className="row">
              <button type="button" className="btn btn-buy btn-sm" onClick={() => decide(item.id, 'approve', notes)}>
                Approve
              </button>
              <button type="button" className="btn btn-sell btn-sm" onClick={() => decide(item.id, 'reject', notes)}>
                Reject
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
