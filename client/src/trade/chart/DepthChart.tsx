/**
 * The depth chart: the book's cumulative bids (green, rising to the left of the mid price) and
 * asks (red, rising to the right) as stepped areas on a canvas, over a price range centred on the
 * mid price. Hovering shows the price and the amount on the book up to it.
 */
import { useEffect, useRef, useState } from 'react';
import type { Level } from '../../api/types';
import { compact, price, quantity } from '../../format';

const UP = '#0ECB81';
const DOWN = '#F6465D';
const MUTED = '#848E9C';
const GRID = 'rgba(43, 49, 57, 0.8)';
const AXIS_BOTTOM = 22;
const AXIS_RIGHT = 64;

type Steps = { tick: string; lot: string };
type Frame = { left: number; right: number; top: number; width: number; height: number };

/** A side's running amounts, best first: [price, amount on the book from the best price to it]. */
function cumulative(levels: Level[]): Level[] {
  let sum = 0;
  return levels.map(([p, q]) => [p, (sum += q)]);
}

function draw(canvas: HTMLCanvasElement, bids: Level[], asks: Level[], steps: Steps, hoverX: number | null) {
  const dpr = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.scale(dpr, dpr);
  ctx.clearRect(0, 0, width, height);
  ctx.font = '11px -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  if (!bids.length && !asks.length) {
    ctx.fillStyle = MUTED;
    ctx.textAlign = 'center';
    ctx.fillText('No orders in the book yet', width / 2, height / 2);
    return;
  }
  const bidSums = cumulative(bids);
  const askSums = cumulative(asks);
  const bestBid = bids[0]?.[0] ?? asks[0][0];
  const bestAsk = asks[0]?.[0] ?? bids[0][0];
  const mid = (bestBid + bestAsk) / 2;
  // The same distance either side of the mid price, as far as the deeper side reaches.
  const reach = Math.max(mid - (bids.at(-1)?.[0] ?? mid), (asks.at(-1)?.[0] ?? mid) - mid) || mid * 0.01;
  const low = mid - reach;
  const high = mid + reach;
  const maxSum = Math.max(bidSums.at(-1)?.[1] ?? 0, askSums.at(-1)?.[1] ?? 0) * 1.1;
  const frame: Frame = { left: 0, top: 8, right: width - AXIS_RIGHT, width: width - AXIS_RIGHT, height: 0 };
  frame.height = height - AXIS_BOTTOM - frame.top;
  const x = (p: number) => frame.left + ((p - low) / (high - low)) * frame.width;
  const y = (sum: number) => frame.top + frame.height - (sum / maxSum) * frame.height;
  const base = frame.top + frame.height;

  // Grid and axes.
  ctx.strokeStyle = GRID;
  ctx.fillStyle = MUTED;
  ctx.lineWidth = 1;
  ctx.textAlign = 'left';
  for (let i = 1; i <= 4; i++) {
    const sum = (maxSum / 4.4) * i;
    ctx.beginPath();
    ctx.moveTo(0, Math.round(y(sum)) + 0.5);
    ctx.lineTo(frame.right, Math.round(y(sum)) + 0.5);
    ctx.stroke();
    ctx.fillText(compact(sum), frame.right + 6, y(sum) + 4);
  }
  ctx.textAlign = 'center';
  for (let i = 0; i <= 4; i++) {
    const p = low + ((high - low) / 4) * i;
    const at = Math.min(Math.max(x(p), 30), frame.right - 30);
    ctx.fillText(price(p, steps.tick), at, height - 6);
  }

  // A side as a stepped area: flat at each running amount until the next level's price.
  const side = (sums: Level[], edge: number, color: string, fill: string) => {
    if (!sums.length) return;
    ctx.beginPath();
    ctx.moveTo(x(sums[0][0]), base);
    let last = base;
    for (const [p, sum] of sums) {
      ctx.lineTo(x(p), last);
      last = y(sum);
      ctx.lineTo(x(p), last);
    }
    ctx.lineTo(edge, last);
    ctx.lineTo(edge, base);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  };
  side(bidSums, frame.left, UP, 'rgba(14, 203, 129, 0.22)');
  side(askSums, frame.right, DOWN, 'rgba(246, 70, 93, 0.22)');

  ctx.fillStyle = MUTED;
  ctx.fillText(`Mid ${price(mid, steps.tick)}`, x(mid), frame.top + 12);

  if (hoverX === null || hoverX > frame.right) return;
  const at = low + ((hoverX - frame.left) / frame.width) * (high - low);
  const isBid = at <= mid;
  // The amount a trade would meet from the best price out to the hovered price.
  const reached = (isBid ? bidSums.filter(([p]) => p >= at) : askSums.filter(([p]) => p <= at)).at(-1)?.[1] ?? 0;
  ctx.strokeStyle = isBid ? UP : DOWN;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(hoverX + 0.5, frame.top);
  ctx.lineTo(hoverX + 0.5, base);
  ctx.stroke();
  ctx.setLineDash([]);
  const lines = [`Price ${price(at, steps.tick)}`, `Sum ${quantity(reached, steps.lot)}`];
  const boxX = Math.min(hoverX + 8, frame.right - 140);
  ctx.fillStyle = 'rgba(30, 35, 41, 0.92)';
  ctx.fillRect(boxX, frame.top + 20, 132, 40);
  ctx.fillStyle = '#EAECEF';
  ctx.textAlign = 'left';
  lines.forEach((line, i) => ctx.fillText(line, boxX + 8, frame.top + 36 + i * 16));
}

export default function DepthChart({
  bids,
  asks,
  tick,
  lot,
}: {
  bids: Level[];
  asks: Level[];
  tick: string;
  lot: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hoverX, setHoverX] = useState<number | null>(null);
  const [size, setSize] = useState(0);

  // Redrawn at the new size when the box changes (the window, full screen).
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setSize((n) => n + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (canvas.current) draw(canvas.current, bids, asks, { tick, lot }, hoverX);
  }, [bids, asks, tick, lot, hoverX, size]);

  return (
    <div className="chart-box depth-box" data-testid="depth-chart">
      <canvas
        ref={canvas}
        onMouseMove={(event) => setHoverX(event.clientX - event.currentTarget.getBoundingClientRect().left)}
        onMouseLeave={() => setHoverX(null)}
      />
    </div>
  );
}
