/** The one place numbers, dates and statuses are formatted for display. */

type Num = number | string | null | undefined;

const toNumber = (value: Num): number => {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? (n as number) : 0;
};

/** Every figure: exactly `decimals` decimals (or up to `maxDecimals`) and thousands separators, "40,901.17". */
export const fixed = (value: Num, decimals: number, maxDecimals = decimals): string =>
  toNumber(value).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: maxDecimals });

/** The decimals a step allows: a tick or lot size "0.00001" -> 5, "0.010" -> 2, "1" -> 0. */
export const decimalsOf = (step: string): number => {
  const fraction = step.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
};

/** Dollars, the one way they are written: "$1,234.50", "-$3.00"; a price may ask for its tick's decimals. */
export const usd = (value: Num, decimals = 2, maxDecimals = decimals): string => {
  const n = toNumber(value);
  return `${n < 0 ? '-' : ''}$${fixed(Math.abs(n), decimals, maxDecimals)}`;
};

/** Dollars to the decimals a small amount needs (a fee, a commission on it), up to 8: "$0.10", "$0.0002". */
export const fineUsd = (value: Num): string => usd(value, 2, 8);

/** A gain or loss in dollars, signed: "+$12.50", "-$3.00", "$0.00". */
export const signedUsd = (value: Num, decimals = 2): string =>
  `${toNumber(value) > 0 ? '+' : ''}${usd(value, decimals)}`;

/** An amount of a currency with its label: dollars as usd(), any other "148,578.00 JPY". */
export const money = (value: Num, currency: string): string =>
  currency === 'USD' ? usd(value) : `${fixed(value, 2)} ${currency}`;

/** Plain 2-decimal amount (balances in a column that already says USDT). */
export const amount2 = (value: Num): string => fixed(value, 2);

/** A price to its market's tick ("0.01" -> 2 decimals). */
export const price = (value: Num, tickSize: string): string => fixed(value, decimalsOf(tickSize));

/** A quantity to its market's lot ("0.00001" -> 5 decimals). */
export const quantity = (value: Num, lotSize: string): string => fixed(value, decimalsOf(lotSize));

/** Trading fees: 4 decimals. */
export const fee = (value: Num): string => fixed(value, 4);

export const percent = (value: Num): string => {
  const n = toNumber(value);
  return `${n > 0 ? '+' : ''}${fixed(n, 2)}%`;
};

export const signed = (value: Num, decimals = 2): string => {
  const n = toNumber(value);
  return `${n > 0 ? '+' : ''}${fixed(n, decimals)}`;
};

/** Volumes in millions: "12.34M". */
export const millions = (value: Num): string => `${fixed(toNumber(value) / 1e6, 2)}M`;

/** Compact big numbers, always 2 decimals: 1.20K, 3.45M, 5.60B. */
export const compact = (value: Num): string =>
  toNumber(value).toLocaleString('en-US', { notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const fileSizeMB = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export const dateTime = (value: string | number | undefined | null): string => {
  if (value === undefined || value === null || value === '') return '-';
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? String(value)
    : d.toLocaleString('en-US', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      });
};

export const clockTime = (value: number | string): string => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleTimeString('en-US', { hour12: false });
};

/** "BTCUSDT" -> "BTC/USDT" (order queries use the slash form). */
export const slashSymbol = (symbol: string): string => {
  if (symbol.includes('/')) return symbol;
  for (const quote of ['USDT', 'USD']) {
    if (symbol.endsWith(quote) && symbol.length > quote.length) return `${symbol.slice(0, -quote.length)}/${quote}`;
  }
  return symbol;
};

/** "BTC/USDT" -> "BTCUSDT" (display and market data). */
export const bareSymbol = (symbol: string): string => symbol.replace('/', '');

/** Status colour class: approved green, rejected red, anything else yellow (pending). */
export const statusTone = (status: string | undefined | null): 'up' | 'down' | 'warn' => {
  const s = (status ?? '').toLowerCase();
  if (['approved', 'filled', 'active', 'open'].includes(s)) return 'up';
  if (['rejected', 'cancelled', 'canceled', 'expired', 'suspended', 'closed'].includes(s)) return 'down';
  return 'warn';
};

export const titleCase = (value: string | null | undefined): string =>
  String(value ?? '')
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase());

export const toNum = toNumber;

/** A rate sent as a fraction (a yearly rate, a commission's share), as a percentage with the decimals it needs: "0.052" -> "5.2%". */
export const ratePercent = (fraction: string): string =>
  `${(Number(fraction) * 100).toLocaleString('en-US', { maximumFractionDigits: 4 })}%`;

/** An Earn product's duration: "Flexible", or its term as "30 Days". */
export const earnTerm = ({ term_days }: { term_days: number | null }): string =>
  term_days === null ? 'Flexible' : `${term_days} Days`;

/** A whole count with thousands separators: "1,020". */
export const count = (value: Num): string => fixed(value, 0);

/** An exact decimal text as the server sends it, with thousands separators and the decimals it needs: "12,345.00012345". */
export const exactDecimal = (text: string): string => {
  const [whole = '0', fraction = ''] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${grouped}.${decimals}` : grouped;
};

/** A quantity whose market is not at hand, to the 8 decimals an amount may have: "0.0125". */
export const looseQuantity = (value: Num): string =>
  toNumber(value).toLocaleString('en-US', { maximumFractionDigits: 8 });

/** An asset's amount: dollars as usd(), any other asset exact. */
export const assetAmount = (value: string, asset: string): string =>
  asset === 'USD' || asset === 'USDT' ? usd(value) : exactDecimal(value);

/** Items an admin can still approve or reject. */
export const isAwaitingDecision = (status: string | undefined | null): boolean =>
  status === 'pending' || status === 'submitted';

const LOGIN_FAILURES: Record<string, string> = {
  wrong_password: 'Wrong password',
  account_suspended: 'Account suspended',
  two_factor_required: 'Two-factor code missing',
  invalid_two_factor_code: 'Wrong two-factor code',
  too_many_attempts: 'Too many attempts',
};

/** A login history entry's outcome: "Success", or why it was refused. */
export const loginOutcome = (failure: string | null): string =>
  failure === null ? 'Success' : (LOGIN_FAILURES[failure] ?? titleCase(failure));

const BROWSERS: Array<[mark: string, name: string]> = [
  ['Edg/', 'Edge'],
  ['Firefox/', 'Firefox'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];
const SYSTEMS: Array<[mark: string, name: string]> = [
  ['Android', 'Android'],
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'],
  ['Linux', 'Linux'],
];
const nameIn = (userAgent: string, names: Array<[string, string]>) =>
  names.find(([mark]) => userAgent.includes(mark))?.[1];

/** A browser's user agent as a person names the device: "Chrome on Windows"; an unknown agent shown as it is. */
export const deviceName = (userAgent: string): string => {
  const browser = nameIn(userAgent, BROWSERS);
  const system = nameIn(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return userAgent.slice(0, 60) || 'Unknown device';
};
