import { z } from 'zod';
import { keyedRequestSchema } from '../idempotency/keyed-request';
import { orderRequestSchema } from '../trading/order-schemas';

/**
 * The calls one process forwards to the owner of a symbol's book over Redis, and the owner's
 * replies. Everything received is parsed here first: a message from another process is input
 * (an order with the schema of the order route, an order answer with the route's answer schema).
 */
const symbol = z.string().min(1).max(16);
const userId = z.string().min(1);
const keyed = keyedRequestSchema.nullable();

/** TradingService's calls that need the book, with the symbol whose owner runs them. */
export const bookCall = z.discriminatedUnion('method', [
  // keyed: sent with an Idempotency-Key, whose answer the owner's round records.
  z.object({ method: z.literal('placeOrder'), symbol, userId, request: orderRequestSchema, keyed }),
  z.object({ method: z.literal('cancelOrder'), symbol, userId, orderId: z.string(), keyed }),
  z.object({ method: z.literal('cancelAllOrdersOnBook'), symbol, userId }),
  z.object({ method: z.literal('depth'), symbol, limit: z.number().int() }),
  z.object({ method: z.literal('lastPrice'), symbol }),
]);
export type BookCall = z.infer<typeof bookCall>;

export const bookRequest = z.object({ id: z.string().min(1), replyTo: z.string().min(1), call: bookCall });
export type BookRequest = z.infer<typeof bookRequest>;

/** The owner's answer: the call's result, or the HttpError it threw (status and detail as the client would get them). */
export const bookReply = z.discriminatedUnion('ok', [
  z.object({ id: z.string(), ok: z.literal(true), value: z.unknown() }),
  z.object({ id: z.string(), ok: z.literal(false), status: z.number().int().min(400).max(599), detail: z.string() }),
]);
export type BookReply = z.infer<typeof bookReply>;

const levels = z.array(z.tuple([z.string(), z.string()]));
export const depth = z.object({ bids: levels, asks: levels });
export const lastPrice = z.string().nullable();
export const canceledCount = z.number().int().min(0);

/** Where a symbol's owner listens for calls, and where a process listens for replies (inside the cluster's namespace). */
export const bookChannel = (symbol: string) => `book:${symbol}`;
export const replyChannel = (processId: string) => `reply:${processId}`;
