/**
 * A queue of deposit or withdrawal requests: each row shows the request (a deposit with the reference
 * its trader puts on transfers, to match the money that arrived), and a pending one takes a decision.
 */
import type { FundingRequest } from '../api/types';
import StatusBadge from '../components/StatusBadge';
import { dateTime, usd } from '../format';
import DecisionForm from './DecisionForm';
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
        {item.deposit_reference && (
          <div className="small">
            <span className="muted">Reference </span>
            <span className="num accent" data-testid="deposit-reference">
              {item.deposit_reference}
            </span>
          </div>
        )}
        {item.admin_notes && <div className="muted small">Notes: {item.admin_notes}</div>}
      </div>
      <div className="stack" style={{ gap: 8, alignItems: 'flex-end', flex: 1, maxWidth: 420 }}>
        <StatusBadge status={item.status} />
        {item.status === 'pending' && (
          <DecisionForm small onDecide={(decision, notes) => decide(item.id, decision, notes)} />
        )}
      </div>
    </div>
  );
}
