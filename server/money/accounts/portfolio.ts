import { z } from 'zod';
import { fromLedgerUnits, money, ZERO, type LedgerUnits, type Money } from '../../kernel/money';
import { USD } from '../../markets/catalog';
import type { Holding } from './holdings';

/** Each asset's dollar price now and when the day began; whoever prices assets (trading) fills them in. */
export interface DollarPrices {
  now: ReadonlyMap<string, Money>;
  dayStart: ReadonlyMap<string, Money>;
}

/** The day the portfolio's Today's PnL counts from: 00:00 UTC of `now`'s date. */
export const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Answers carry the ledger's 18 decimals at most, as exact decimal strings. */
const exact = (value: Money) => value.toDecimalPlaces(18).toFixed();
const decimal = (value: LedgerUnits) => money(fromLedgerUnits(value));

/** An exact decimal string, described for the API's readers. */
const decimalText = (what: string) => z.string().describe(`exact decimal: ${what}`);

export const assetValueSchema = z.object({
  asset: z.string(),
  total: decimalText('available + in_orders + withdrawing'),
  available: decimalText('free to spend'),
  in_orders: decimalText('held by open orders'),
  withdrawing: decimalText('held by pending withdrawals (USD only)'),
  price_usd: decimalText('one unit in dollars now'),
  value_usd: decimalText('total x price_usd'),
  average_cost: decimalText(
    'dollars paid per unit held, fees included; null for USD, nothing held, or no purchase',
  ).nullable(),
  pnl: decimalText('(price_usd - average_cost) x total').nullable(),
});

export const portfolioSchema = z.object({
  assets: z.array(assetValueSchema),
  portfolio: z.object({
    value_usd: decimalText('every asset at its price now'),
    day_start: z.string().describe("00:00 UTC today, where Today's PnL counts from"),
    day_start_value_usd: decimalText('what was held at day_start, at the prices then'),
    net_transfers_usd: decimalText("deposits less withdrawals (and Earn's moves) since day_start, at today's prices"),
    today_pnl: decimalText('value_usd - day_start_value_usd - net_transfers_usd'),
    today_pnl_percent: decimalText(
      'today_pnl against day_start_value_usd plus what came in; null while that is 0',
    ).nullable(),
  }),
});
export type PortfolioView = z.infer<typeof portfolioSchema>;

/** One asset valued: its cost basis and PnL are for coins and currencies, not for the dollars themselves. */
function assetValue(holding: Holding, price: Money) {
  const total = decimal(holding.available + holding.locked);
  const average = holding.asset === USD || total.isZero() ? null : holding.basis.averageCost;
  return {
    asset: holding.asset,
    total: exact(total),
    available: exact(decimal(holding.available)),
    in_orders: exact(decimal(holding.locked - holding.withdrawing)),
    withdrawing: exact(decimal(holding.withdrawing)),
    price_usd: exact(price),
    value_usd: exact(total.times(price)),
    average_cost: average && exact(average),
    pnl: average && exact(price.minus(average).times(total)),
  };
}

/**
 * The holdings valued at the prices (README.md): each asset now, and the portfolio's Today's PnL,
 * its value now against its value at 00:00 UTC, less what transfers brought in (or plus what they
 * took out) since, valued at today's prices.
 */
export function valuePortfolio(holdings: Holding[], prices: DollarPrices, dayStart: Date): PortfolioView {
  let value = ZERO;
  let dayStartValue = ZERO;
  let transfers = ZERO;
  for (const holding of holdings) {
    const now = prices.now.get(holding.asset) ?? ZERO;
    value = value.plus(decimal(holding.available + holding.locked).times(now));
    dayStartValue = dayStartValue.plus(decimal(holding.dayStartTotal).times(prices.dayStart.get(holding.asset) ?? now));
    transfers = transfers.plus(decimal(holding.transfersToday).times(now));
  }
  const pnl = value.minus(dayStartValue).minus(transfers);
  const base = dayStartValue.plus(transfers.greaterThan(0) ? transfers : ZERO);
  return {
    assets: holdings.map((holding) => assetValue(holding, prices.now.get(holding.asset) ?? ZERO)),
    portfolio: {
      value_usd: exact(value),
      day_start: dayStart.toISOString(),
      day_start_value_usd: exact(dayStartValue),
      net_transfers_usd: exact(transfers),
      today_pnl: exact(pnl),
      today_pnl_percent: base.greaterThan(0) ? exact(pnl.div(base).times(100).toDecimalPlaces(2)) : null,
    },
  };
}
