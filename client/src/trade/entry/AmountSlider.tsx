/**
 * Under the order form's inputs: a slider for the share of the balance to use (its marks at 0, 25,
 * 50, 75 and 100% are buttons too), and the most the balance buys or sells ("Max Buy 0.0123 BTC").
 */
import type { CSSProperties } from 'react';
import type { Side } from '../../api/types';
import { decimalsOf } from '../../format';
import { shown, type Exact } from './figures';
import './entry.css';

const MARKS = [0, 25, 50, 75, 100];

export default function AmountSlider({
  side,
  base,
  lot,
  percent,
  max,
  onPercent,
}: {
  side: Side;
  base: string;
  lot: string;
  /** The share of `max` the amount is now, 0 to 100. */
  percent: number;
  /** The most the balance pays for, in whole lots; null without a price to count with. */
  max: Exact | null;
  onPercent: (percent: number) => void;
}) {
  const disabled = max === null || max.lte(0);
  return (
    <div className="amount-slider">
      <div className="slider-track" style={{ '--filled': `${percent}%` } as CSSProperties}>
        <input
          type="range"
          aria-label="Share of balance"
          min={0}
          max={100}
          step={1}
          value={Math.round(percent)}
          disabled={disabled}
          onChange={(e) => onPercent(Number(e.target.value))}
        />
      </div>
      <div className="slider-marks">
        {MARKS.map((mark) => (
          <button
            key={mark}
            type="button"
            className={percent >= mark && !disabled ? 'reached' : undefined}
            disabled={disabled}
            onClick={() => onPercent(mark)}
          >
            {mark}%
          </button>
        ))}
      </div>
      <div className="kv small" data-testid="max-amount">
        <span>Max {side === 'buy' ? 'Buy' : 'Sell'}</span>
        <span className="num">{max === null ? '--' : `${shown(max, decimalsOf(lot))} ${base}`}</span>
      </div>
    </div>
  );
}
