/** A market's last day at a glance: its hourly closes as a small line, green when it ended up, red when down. */
const WIDTH = 96;
const HEIGHT = 28;
const PAD = 2;

export default function Sparkline({ closes, label }: { closes: number[]; label: string }) {
  if (closes.length < 2) return <span className="muted small">--</span>;
  const low = Math.min(...closes);
  const high = Math.max(...closes);
  // A flat day is drawn level in the middle rather than divided by zero.
  const span = high - low || 1;
  const step = (WIDTH - 2 * PAD) / (closes.length - 1);
  const points = closes
    .map((close, i) => {
      const x = PAD + i * step;
      const y = high === low ? HEIGHT / 2 : PAD + ((high - close) / span) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const up = closes[closes.length - 1] >= closes[0];
  return (
    <svg
      className="sparkline"
      data-testid="sparkline"
      data-trend={up ? 'up' : 'down'}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <polyline points={points} fill="none" stroke={up ? 'var(--up)' : 'var(--down)'} strokeWidth="1.5" />
    </svg>
  );
}
