import { z } from 'zod';
import { bookCall, bookSymbol as symbol, type BookCall } from '../book-calls';
import {
  orderKind,
  orderListViewSchema,
  orderStatus,
  orderViewSchema,
  side,
  stpMode,
  timeInForce,
} from '../orders/order-schemas';

/**
 * The calls one process forwards to the owner of a symbol's book over Redis, and the owner's
 * replies. Everything received is parsed here first: a message from another process is input
 * (an order with the schema the trading core places it with, an order answer with the order route's answer schema).
 */
export const bookRequest = z.object({ id: z.string().min(1), replyTo: z.string().min(1), call: bookCall });
export type BookRequest = z.infer<typeof bookRequest>;

/**
 * The owner's answer: the call's result, the refusal it threw (its code and data), or another failure
 * as its status and detail (a platform's answer with a status, or a 500).
 */
export const bookReply = z.union([
  z.object({ id: z.string(), ok: z.literal(true), value: z.unknown() }),
  z.object({ id: z.string(), ok: z.literal(false), code: z.string().min(1), data: z.record(z.string(), z.unknown()) }),
  z.object({ id: z.string(), ok: z.literal(false), status: z.number().int().min(400).max(599), detail: z.string() }),
]);
export type BookReply = z.infer<typeof bookReply>;

const levels = z.array(z.tuple([z.string(), z.string()]));
export const depth = z.object({ lastUpdateId: z.number().int().min(0), bids: levels, asks: levels });
export const lastPrice = z.string().nullable();
export const canceledCount = z.number().int().min(0);

/** An order's row and its fills, as placeOrderRecord and cancelOrderRecord answer them (times travel as text). */
const decimal = z.string();
const orderRow = z.object({
  id: z.string(),
  user_id: z.string(),
  symbol,
  side,
  type: orderKind,
  time_in_force: timeInForce,
  post_only: z.boolean(),
  price: decimal.nullable(),
  stop_price: decimal.nullable(),
  amount: decimal,
  filled: decimal,
  quote_filled: decimal,
  reserved: decimal,
  status: orderStatus,
  seq: z.string(),
  client_order_id: z.string().nullable(),
  quote_amount: decimal.nullable(),
  stp: stpMode,
  iceberg_amount: decimal.nullable(),
  trailing_delta: z.number().int().nullable(),
  trailing_time: z.coerce.date().nullable(),
  prevented_amount: decimal.nullable(),
  list_id: z.string().nullable(),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
});
const tradeRow = z.object({
  id: z.string(),
  symbol,
  seq: z.string(),
  price: decimal,
  amount: decimal,
  quote_amount: decimal,
  taker_side: side,
  maker_order_id: z.string(),
  taker_order_id: z.string(),
  maker_user_id: z.string(),
  taker_user_id: z.string(),
  maker_fee: decimal,
  taker_fee: decimal,
  created_at: z.coerce.date(),
});
export const orderRecord = z.object({ order: orderRow, fills: z.array(tradeRow) });
const listRow = z.object({
  id: z.string(),
  user_id: z.string(),
  symbol,
  kind: z.enum(['oco', 'oto', 'otoco']),
  client_list_id: z.string(),
  status: z.enum(['executing', 'all_done']),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
});
const listRecord = z.object({ list: listRow, orders: z.array(orderRow), fills: z.array(tradeRow) });
const amendedOrder = z.object({ order: orderRow, commandSeq: z.number().int().min(0) });

/** What each call answers, as the caller checks the owner's reply. */
export const bookResults: Record<BookCall['method'], z.ZodType> = {
  placeOrder: orderViewSchema,
  cancelOrder: orderViewSchema,
  placeOrderRecord: orderRecord,
  cancelOrderRecord: orderRecord,
  amendOrderRecord: amendedOrder,
  placeOrderList: orderListViewSchema,
  placeOrderListRecord: listRecord,
  cancelOrderListRecord: listRecord,
  cancelAllOrdersOnBook: canceledCount,
  depth,
  lastPrice,
  changeBookRules: z.unknown(),
};

/** Where a symbol's owner listens for calls, and where a process listens for replies (inside the cluster's namespace). */
export const bookChannel = (symbol: string) => `book:${symbol}`;
export const replyChannel = (processId: string) => `reply:${processId}`;
