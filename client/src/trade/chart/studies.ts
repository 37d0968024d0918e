/**
 * The indicators the chart offers, as the lines each draws from the candles' closes: on the price
 * (MA, EMA, Bollinger bands) or in a pane of its own under it (RSI, MACD). Volume is the chart's own
 * histogram and only shown or hidden.
 */
import { bollinger, ema, macd, rsi, sma, type Series } from './indicators';

export type StudyKey = 'MA' | 'EMA' | 'BOLL' | 'VOL' | 'RSI' | 'MACD';

export type StudyLine = { name: string; color: string; values: Series; histogram?: boolean };

export type Study = {
  key: StudyKey;
  label: string;
  /** Drawn over the candles, or in a pane of its own. */
  pane: 'price' | 'own';
  lines: (closes: number[]) => StudyLine[];
};

const YELLOW = '#F0B90B';
const PINK = '#E377C2';
const PURPLE = '#8D6EF2';
const BLUE = '#3D9CF0';

export const STUDIES: Study[] = [
  {
    key: 'MA',
    label: 'MA (7, 25, 99)',
    pane: 'price',
    lines: (c) => [
      { name: 'MA(7)', color: YELLOW, values: sma(c, 7) },
      { name: 'MA(25)', color: PINK, values: sma(c, 25) },
      { name: 'MA(99)', color: PURPLE, values: sma(c, 99) },
    ],
  },
  {
    key: 'EMA',
    label: 'EMA (12, 26)',
    pane: 'price',
    lines: (c) => [
      { name: 'EMA(12)', color: BLUE, values: ema(c, 12) },
      { name: 'EMA(26)', color: '#F28E2B', values: ema(c, 26) },
    ],
  },
  {
    key: 'BOLL',
    label: 'Bollinger bands (20, 2)',
    pane: 'price',
    lines: (c) => {
      const bands = bollinger(c, 20, 2);
      return [
        { name: 'BOLL UP', color: PURPLE, values: bands.upper },
        { name: 'MB', color: YELLOW, values: bands.middle },
        { name: 'DN', color: PINK, values: bands.lower },
      ];
    },
  },
  { key: 'VOL', label: 'Volume', pane: 'price', lines: () => [] },
  {
    key: 'RSI',
    label: 'RSI (14)',
    pane: 'own',
    lines: (c) => [{ name: 'RSI(14)', color: PURPLE, values: rsi(c, 14) }],
  },
  {
    key: 'MACD',
    label: 'MACD (12, 26, 9)',
    pane: 'own',
    lines: (c) => {
      const m = macd(c, 12, 26, 9);
      return [
        { name: 'MACD', color: BLUE, values: m.histogram, histogram: true },
        { name: 'DIF', color: YELLOW, values: m.macd },
        { name: 'DEA', color: PINK, values: m.signal },
      ];
    },
  },
];

/** What a chart shows before the trader picks: moving averages and volume. */
const DEFAULT_STUDIES: StudyKey[] = ['MA', 'VOL'];
const STORAGE_KEY = 'chart.indicators';

/** The trader's last choice on this browser, or the default; anything unknown in storage is ignored. */
export function savedStudies(): StudyKey[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(saved)) return STUDIES.map((study) => study.key).filter((key) => saved.includes(key));
  } catch {
    // Unreadable (private mode, edited by hand): the default.
  }
  return DEFAULT_STUDIES;
}

export function saveStudies(keys: StudyKey[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Storage refused: the choice lasts this visit only.
  }
}
