/**
 * What a hovered book row adds up to, from the best price to it: the average price, the amount and
 * its value. Fixed beside the row (right of it on a wide screen, under it when there is no room).
 */
import { compact, price, quantity } from '../../format';
import type { BookSide } from './grouping';

export type Hovered = { kind: BookSide; index: number; rect: DOMRect };

const WIDTH = 190;

export function SumTip({
  hovered,
  row,
  base,
  quote,
  steps,
}: {
  hovered: Hovered;
  row: { sum: number; value: number };
  base: string;
  quote: string;
  steps: { tick: string; lot: string };
}) {
  const { rect } = hovered;
  const fitsRight = rect.right + 8 + WIDTH <= window.innerWidth;
  const place = fitsRight
    ? { left: rect.right + 8, top: rect.top - 4 }
    : { left: Math.max(4, rect.right - WIDTH), top: rect.bottom + 2 };
  return (
    <div className="book-sum-tip" role="tooltip" data-testid="book-sum" style={{ ...place, width: WIDTH }}>
      <div>
        <span className="muted">Avg.Price:</span>
        <span className="num">≈ {price(row.value / row.sum, steps.tick)}</span>
      </div>
      <div>
        <span className="muted">Sum {base}:</span>
        <span className="num">{quantity(row.sum, steps.lot)}</span>
      </div>
      <div>
        <span className="muted">Sum {quote}:</span>
        <span className="num">{compact(row.value)}</span>
      </div>
    </div>
  );
}
