/**
 * The chart's indicators, as pure functions of a series of closing prices. Each answer is as long as
 * its input, null where the indicator has too few values yet (its warm-up), so it lines up with the
 * candles it is drawn over.
 */

export type Series = (number | null)[];

/** Simple moving average: the mean of the last `period` values. */
export function sma(values: number[], period: number): Series {
  let sum = 0;
  return values.map((value, i) => {
    sum += value;
    if (i >= period) sum -= values[i - period];
    return i >= period - 1 ? sum / period : null;
  });
}

/** Exponential moving average, seeded with the simple average of the first `period` values. */
export function ema(values: number[], period: number): Series {
  const alpha = 2 / (period + 1);
  const seed = sma(values, period);
  let last: number | null = null;
  return values.map((value, i) => {
    if (i < period - 1) return null;
    last = last === null ? seed[i] : alpha * value + (1 - alpha) * last;
    return last;
  });
}

export type Bands = { middle: Series; upper: Series; lower: Series };

/** Bollinger bands: the moving average, and `width` standard deviations (of the same window) either side. */
export function bollinger(values: number[], period = 20, width = 2): Bands {
  const middle = sma(values, period);
  const deviation = middle.map((mean, i) => {
    if (mean === null) return null;
    const window = values.slice(i - period + 1, i + 1);
    return Math.sqrt(window.reduce((sum, value) => sum + (value - mean) ** 2, 0) / period);
  });
  const band = (sign: number) => middle.map((mean, i) => (mean === null ? null : mean + sign * width * deviation[i]!));
  return { middle, upper: band(1), lower: band(-1) };
}

/** Relative strength index with Wilder's smoothing: 0 to 100, 100 when nothing fell, 50 when nothing moved. */
export function rsi(values: number[], period = 14): Series {
  let gain = 0;
  let loss = 0;
  return values.map((value, i) => {
    if (i === 0) return null;
    const change = value - values[i - 1];
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) return null;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    if (loss === 0) return gain === 0 ? 50 : 100;
    return 100 - 100 / (1 + gain / loss);
  });
}

export type Macd = { macd: Series; signal: Series; histogram: Series };

/** MACD: the fast EMA less the slow one, its own EMA as the signal line, and their difference. */
export function macd(values: number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line = values.map((_, i) => (slowLine[i] === null ? null : fastLine[i]! - slowLine[i]!));
  const start = line.findIndex((value) => value !== null);
  const defined = start < 0 ? [] : (line.slice(start) as number[]);
  const signal: Series = [...line.slice(0, Math.max(start, 0)).map(() => null), ...ema(defined, signalPeriod)];
  const histogram = line.map((value, i) => (value === null || signal[i] === null ? null : value - signal[i]!));
  return { macd: line, signal, histogram };
}
