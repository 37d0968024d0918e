import { z } from 'zod';
import { keyedRequestSchema } from '../platform/idempotency/keyed-request';
import { marketChangeSchema } from '../markets/market-schemas';
import { orderListPlacementSchema, orderPlacementSchema } from './orders/order-schemas';

export const bookSymbol = z.string().min(1).max(16);
const userId = z.string().min(1);
const keyed = keyedRequestSchema.nullable();

/**
 * TradingService's calls that need the book, with the symbol whose owner runs them. A schema, since
 * several processes send them to each other (cluster/book-messages.ts): what is received is input.
 */
export const bookCall = z.discriminatedUnion('method', [
  // keyed: sent with an Idempotency-Key, whose answer the owner's round records.
  z.object({ method: z.literal('placeOrder'), symbol: bookSymbol, userId, request: orderPlacementSchema, keyed }),
  z.object({ method: z.literal('cancelOrder'), symbol: bookSymbol, userId, orderId: z.string(), keyed }),
  z.object({ method: z.literal('placeOrderRecord'), symbol: bookSymbol, userId, request: orderPlacementSchema }),
  z.object({ method: z.literal('cancelOrderRecord'), symbol: bookSymbol, userId, orderId: z.string() }),
  z.object({
    method: z.literal('amendOrderRecord'),
    symbol: bookSymbol,
    userId,
    orderId: z.string(),
    amount: z.string().max(64),
    clientOrderId: z.string().max(64).nullable(),
  }),
  z.object({
    method: z.literal('placeOrderList'),
    symbol: bookSymbol,
    userId,
    request: orderListPlacementSchema,
    keyed,
  }),
  z.object({
    method: z.literal('placeOrderListRecord'),
    symbol: bookSymbol,
    userId,
    request: orderListPlacementSchema,
  }),
  z.object({ method: z.literal('cancelOrderListRecord'), symbol: bookSymbol, userId, listId: z.number().int().min(1) }),
  z.object({ method: z.literal('cancelAllOrdersOnBook'), symbol: bookSymbol, userId }),
  z.object({ method: z.literal('depth'), symbol: bookSymbol, limit: z.number().int() }),
  z.object({ method: z.literal('lastPrice'), symbol: bookSymbol }),
  z.object({ method: z.literal('changeBookRules'), symbol: bookSymbol, adminId: userId, change: marketChangeSchema }),
]);
export type BookCall = z.infer<typeof bookCall>;

/**
 * Where a call on a book runs: the seam between TradingService and the processes serving the books.
 * One process serves every book itself (OWN_BOOKS); several forward a call to its book's owner
 * (cluster/clustered-trading.service.ts).
 */
export interface BookRouter {
  /** Answers `call`: by `here` when this process serves its book, else by the book's owner. */
  route<T>(call: BookCall, here: () => Promise<T>): Promise<T>;
  /** route for a call on an order's book (a cancel), which names the order: `call` gets the book it is on. */
  routeOrder<T>(orderId: string, call: (symbol: string) => BookCall, here: () => Promise<T>): Promise<T>;
}

/** One process: every book is served here. */
export const OWN_BOOKS: BookRouter = {
  route: (_call, here) => here(),
  routeOrder: (_orderId, _call, here) => here(),
};
