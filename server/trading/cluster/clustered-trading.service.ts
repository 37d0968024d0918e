import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { Refusal } from '../../kernel/refusal';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import { listedBook } from '../../markets/market-change';
import type { MarketChange } from '../../markets/market-schemas';
import { orderViewSchema, type OrderPlacement, type OrderView } from '../order-schemas';
import { bookMarketOf, TradingService, type BookDepth, type OrderRecord } from '../trading.service';
import * as messages from './book-messages';
import type { BookCall } from './book-messages';
import type { BookOwnership } from './book-ownership';
import { marketUnavailable, type BookForwarder } from './forwarder';

/**
 * A failure of the owner's that is no refusal, with the status and detail it answered with: the error
 * middleware answers an error with a status so, without the trading core speaking HTTP.
 */
class ForwardedFailure extends Error {
  readonly status: number;

  constructor({ status, detail }: { status: number; detail: string }) {
    super(detail);
    this.status = status;
  }
}

/** How long a caller waits for a book's owner (including a takeover) before it is refused ('market-unavailable'). */
const FORWARD_TIMEOUT_MS = 5000;
/** Pause before asking again when no process serves a symbol (its owner just stopped or died). */
const NO_OWNER_RETRY_MS = 100;

/**
 * TradingService for one of several processes: a call on a book this process owns runs here, any
 * other goes to the book's owner over Redis. Reads from the database (open orders, history,
 * fills) need no owner and stay as they are.
 */
export class ClusteredTradingService extends TradingService {
  constructor(
    private readonly database: DataSource,
    private readonly ownership: BookOwnership,
    private readonly forwarder: BookForwarder,
  ) {
    super(database);
    this.attach(ownership);
  }

  override placeOrder(userId: string, request: OrderPlacement, keyed: KeyedRequest | null = null): Promise<OrderView> {
    const symbol = bookMarketOf(request.symbol).symbol;
    const call: BookCall = { method: 'placeOrder', symbol, userId, request, keyed };
    return this.route(call, orderViewSchema, () => super.placeOrder(userId, request, keyed));
  }

  override placeOrderRecord(userId: string, request: OrderPlacement): Promise<OrderRecord> {
    const symbol = bookMarketOf(request.symbol).symbol;
    return this.route({ method: 'placeOrderRecord', symbol, userId, request }, messages.orderRecord, () =>
      super.placeOrderRecord(userId, request),
    );
  }

  override async cancelOrder(userId: string, orderId: string, keyed: KeyedRequest | null = null): Promise<OrderView> {
    const symbol = await this.symbolOfOrder(orderId);
    // No such order: the local path answers 404 without touching a book.
    if (!symbol) return super.cancelOrder(userId, orderId, keyed);
    return this.route({ method: 'cancelOrder', symbol, userId, orderId, keyed }, orderViewSchema, () =>
      super.cancelOrder(userId, orderId, keyed),
    );
  }

  override async cancelOrderRecord(userId: string, orderId: string): Promise<OrderRecord> {
    const symbol = await this.symbolOfOrder(orderId);
    if (!symbol) return super.cancelOrderRecord(userId, orderId);
    return this.route({ method: 'cancelOrderRecord', symbol, userId, orderId }, messages.orderRecord, () =>
      super.cancelOrderRecord(userId, orderId),
    );
  }

  override cancelAllOrdersOnBook(symbol: string, userId: string): Promise<number> {
    const call: BookCall = { method: 'cancelAllOrdersOnBook', symbol: bookMarketOf(symbol).symbol, userId };
    return this.route(call, messages.canceledCount, () => super.cancelAllOrdersOnBook(symbol, userId));
  }

  override depth(symbol: string, limit: number): Promise<BookDepth> {
    const call: BookCall = { method: 'depth', symbol: bookMarketOf(symbol).symbol, limit };
    return this.route(call, messages.depth, () => super.depth(symbol, limit));
  }

  override lastPrice(symbol: string): Promise<string | null> {
    const call: BookCall = { method: 'lastPrice', symbol: bookMarketOf(symbol).symbol };
    return this.route(call, messages.lastPrice, () => super.lastPrice(symbol));
  }

  override async changeBookRules(adminId: string, symbol: string, change: MarketChange): Promise<void> {
    const call: BookCall = { method: 'changeBookRules', symbol: listedBook(symbol).symbol, adminId, change };
    await this.route(call, z.unknown(), () => super.changeBookRules(adminId, symbol, change));
  }

  /** Runs a call another process forwarded here; refused if this process does not own the book (any more). */
  runForwarded(call: BookCall): Promise<unknown> {
    if (!this.ownership.owns(call.symbol)) return Promise.reject(marketUnavailable());
    switch (call.method) {
      case 'placeOrder':
        return super.placeOrder(call.userId, call.request, call.keyed);
      case 'cancelOrder':
        return super.cancelOrder(call.userId, call.orderId, call.keyed);
      case 'placeOrderRecord':
        return super.placeOrderRecord(call.userId, call.request);
      case 'cancelOrderRecord':
        return super.cancelOrderRecord(call.userId, call.orderId);
      case 'cancelAllOrdersOnBook':
        return super.cancelAllOrdersOnBook(call.symbol, call.userId);
      case 'depth':
        return super.depth(call.symbol, call.limit);
      case 'lastPrice':
        return super.lastPrice(call.symbol);
      case 'changeBookRules':
        return super.changeBookRules(call.adminId, call.symbol, call.change);
    }
  }

  private async route<T>(call: BookCall, result: z.ZodType<T>, local: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + FORWARD_TIMEOUT_MS;
    for (;;) {
      if (this.ownership.owns(call.symbol)) return local();
      const reply = await this.forwarder.send(call, deadline);
      if (reply !== 'no owner') {
        if (!reply.ok) throw 'code' in reply ? new Refusal(reply.code, reply.data) : new ForwardedFailure(reply);
        return result.parse(reply.value);
      }
      if (Date.now() >= deadline) throw marketUnavailable();
      // Nobody serves the book: its owner just stopped or died, and this process may take it over.
      await this.ownership.claim();
      if (!this.ownership.owns(call.symbol)) await new Promise((resolve) => setTimeout(resolve, NO_OWNER_RETRY_MS));
    }
  }

  private async symbolOfOrder(orderId: string): Promise<string | null> {
    if (!z.guid().safeParse(orderId).success) return null;
    const [row] = (await this.database.query('SELECT symbol FROM orders WHERE id = $1', [orderId])) as Array<{
      symbol: string;
    }>;
    return row?.symbol ?? null;
  }
}
