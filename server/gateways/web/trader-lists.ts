import type { Context } from 'koa';
import { z } from 'zod';
import { dateRange, RANGE_REFINEMENT, rangeBounds, validRange } from '../../kernel/date-range';
import { money } from '../../kernel/money';
import { standalone } from '../../kernel/validation';
import { pageQuery } from '../../money/back-office/list-query';
import { sendCsv, type CsvCell } from '../../platform/http/csv-download';
import { orderKind, side, type OrderView } from '../../trading/orders/order-schemas';
import { MAX_LIST } from '../../trading/orders/read-limits';
import type { HistoryTradeView } from '../../trading/desk/desk-history';
import type { ListWindow } from '../../trading/user-lists';

/**
 * The query of a trader's own lists (open orders, order history, fills, trade history): filters by
 * pair, side, order type or kind and days, a page at a time with the total in X-Total-Count, and the
 * same filters for a list's CSV export.
 */

/** A symbol, bare or with a slash; empty is none. */
export const symbolFilter = z
  .string()
  .trim()
  .max(16)
  .optional()
  .transform((s) => s || undefined);

/** Up to `fallback` items unless asked; more than MAX_LIST is cut to it, as it always was. */
const limitParam = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .default(fallback)
    .transform((n) => Math.min(n, MAX_LIST));

/** What every list is filtered by: a pair, the trader's side, and days (UTC, both included). */
const commonFilters = dateRange.extend({
  symbol: symbolFilter,
  side: z.enum(side.options, { error: standalone('side must be buy or sell') }).optional(),
});

/** An order list's filters (open orders, order history): an order type besides. */
export const orderFilters = commonFilters
  .extend({
    type: z
      .enum(orderKind.options, { error: standalone(`type must be one of ${orderKind.options.join(', ')}`) })
      .optional(),
  })
  .refine(validRange, RANGE_REFINEMENT);
/** A fill list's filters. */
export const fillFilters = commonFilters.refine(validRange, RANGE_REFINEMENT);
/** The trade history's filters: a kind besides, order fills or the desk's trades. */
export const tradeHistoryFilters = commonFilters
  .extend({ kind: z.enum(['fill', 'desk'], { error: standalone('kind must be fill or desk') }).optional() })
  .refine(validRange, RANGE_REFINEMENT);

/** A list's filters with its page: `limit` items from `offset`, `fallback` unless asked. */
export const pagedQuery = <Filters extends z.ZodType<object>>(filters: Filters, fallback: number) =>
  z.object({ limit: limitParam(fallback), offset: pageQuery.shape.offset }).and(filters);

/** The filters as the reads take them: days become the instants they cover. */
export function listFilters<F extends { from?: string; to?: string }>({ from, to, ...rest }: F) {
  return { ...rest, ...rangeBounds({ from, to }) };
}

const EXPORT_BATCH = 1000;

/** An export's columns: each its heading, and how an item gives its cell. */
type Columns<T> = Array<[string, (item: T) => CsvCell]>;

/**
 * Answers with a CSV file of every item a list's filters select, oldest first, read a batch at a
 * time: items added while the file is written come after those read so far.
 */
export function sendExport<T>(
  ctx: Context,
  filename: string,
  columns: Columns<T>,
  read: (window: ListWindow) => Promise<T[]>,
) {
  async function* rows() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const items = await read({ limit: EXPORT_BATCH, offset, oldestFirst: true });
      for (const item of items) yield columns.map(([, cell]) => cell(item));
      if (items.length < EXPORT_BATCH) return;
    }
  }
  return sendCsv(
    ctx,
    filename,
    columns.map(([heading]) => heading),
    rows(),
  );
}

/** An amount as the export writes it: exact, plain decimals (1e-7 as 0.0000001). */
const amount = (value: number | null) => (value === null ? null : money(value));

export const ORDER_COLUMNS: Columns<OrderView> = [
  ['created_at', (order) => order.created_at],
  ['order_id', (order) => order.id],
  ['symbol', (order) => order.symbol],
  ['type', (order) => order.type],
  ['side', (order) => order.side],
  ['price', (order) => amount(order.price)],
  ['stop_price', (order) => amount(order.stop_price)],
  ['amount', (order) => amount(order.amount)],
  ['filled', (order) => amount(order.filled)],
  ['average_price', (order) => amount(order.average_price)],
  ['status', (order) => order.status],
];

export const TRADE_COLUMNS: Columns<HistoryTradeView> = [
  ['created_at', (trade) => trade.created_at],
  ['trade_id', (trade) => trade.id],
  ['kind', (trade) => trade.kind],
  ['order_id', (trade) => trade.order_id],
  ['symbol', (trade) => trade.symbol],
  ['side', (trade) => trade.type],
  ['price', (trade) => amount(trade.price)],
  ['amount', (trade) => amount(trade.amount)],
  ['fee', (trade) => amount(trade.fee)],
  ['total', (trade) => amount(trade.total)],
];
