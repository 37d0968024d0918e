import { statusTone } from '../format';

export default function StatusBadge({ status }: { status: string | undefined | null }) {
  const value = status || 'pending';
  return <span className={`badge ${statusTone(value)}`}>{value.replace(/_/g, ' ')}</span>;
}
