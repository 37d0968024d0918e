import { z } from 'zod';

/**
 * The calls one process forwards to the owner of a symbol's book over Redis, and the owner's
 * replies. Everything received is parsed here first: a message from another process is input.
 */
const symbol = z.string().min(1).max(16);
const userId = z.string().min(1);

const orderRequest = z.object({
  symbol,
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market', 'stop_limit']),
  amount: z.string(),
  price: z.string().nullish(),
  stop_price: z.string().nullish(),
  time_in_force: z.enum(['GTC', 'IOC', 'FOK']).optional(),
  post_only: z.boolean().optional(),
});

/** TradingService's calls that need the book, with the symbol whose owner runs them. */
export const bookCall = z.discriminatedUnion('method', [
  z.object({ method: z.literal('placeOrder'), symbol, userId, request: orderRequest }),
  z.object({ method: z.literal('cancelOrder'), symbol, userId, orderId: z.string() }),
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

const userTradeView = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  price: z.number(),
  amount: z.number(),
  fee: z.number(),
  total: z.number(),
  created_at: z.string(),
});

export const orderView = z.object({
  id: z.string(),
  symbol: z.string(),
  type: z.enum(['limit', 'market', 'stop_limit']),
  side: z.enum(['buy', 'sell']),
  price: z.number().nullable(),
  stop_price: z.number().nullable(),
  amount: z.number(),
  filled: z.number(),
  average_price: z.number().nullable(),
  status: z.enum(['new', 'partially_filled', 'filled', 'canceled', 'rejected', 'expired', 'waiting']),
  time_in_force: z.enum(['GTC', 'IOC', 'FOK']),
  created_at: z.string(),
  fills: z.array(userTradeView).optional(),
});

const levels = z.array(z.tuple([z.string(), z.string()]));
export const depth = z.object({ bids: levels, asks: levels });
export const lastPrice = z.string().nullable();

/** Where a symbol's owner listens for calls, and where a process listens for replies (inside the cluster's namespace). */
export const bookChannel = (symbol: string) => `book:${symbol}`;
export const replyChannel = (processId: string) => `reply:${processId}`;
