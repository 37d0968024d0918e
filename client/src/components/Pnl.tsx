/** A profit or loss in dollars, green above zero and red below, with its percentage when there is one. */
import { percent, signedUsd, toNum } from '../format';

export default function Pnl({
  value,
  percentage,
  testId,
}: {
  value: string | number | null;
  percentage?: string | number | null;
  testId?: string;
}) {
  if (value === null) return <span className="muted">--</span>;
  const n = toNum(value);
  return (
    <span className={`num ${n > 0 ? 'up' : n < 0 ? 'down' : ''}`} data-testid={testId}>
      {signedUsd(value)}
      {percentage !== undefined && ` (${percentage === null ? '--' : percent(percentage)})`}
    </span>
  );
}
