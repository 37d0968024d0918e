import type { DataSource } from 'typeorm';
import type { HistoryReads } from '../../platform/db/history-reads';
import { Refusal } from '../../kernel/refusal';
import type { MarketCatalog } from '../../markets/catalog';
import type { BookCall, BookRouter } from '../book-calls';
import { symbolOfOrder } from '../order-reads';
import { TradingService } from '../trading.service';
import { bookResults } from './book-messages';
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
 * The books of one of several processes: a call on a book this process owns runs here, any other
 * goes to the book's owner over Redis. Reads from the database (open orders, history, fills) need
 * no owner and never come here.
 */
export class ClusterBookRouter implements BookRouter {
  constructor(
    private readonly database: DataSource,
    private readonly ownership: BookOwnership,
    private readonly forwarder: BookForwarder,
  ) {}

  async route<T>(call: BookCall, here: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + FORWARD_TIMEOUT_MS;
    for (;;) {
      if (this.ownership.owns(call.symbol)) return here();
      const reply = await this.forwarder.send(call, deadline);
      // An owner that has just lost its book refuses without running the call: as if nobody listened.
      const unowned = reply === 'no owner' || (!reply.ok && 'code' in reply && reply.code === 'market-unavailable');
      if (!unowned) {
        if (!reply.ok) throw 'code' in reply ? new Refusal(reply.code, reply.data) : new ForwardedFailure(reply);
        return bookResults[call.method].parse(reply.value) as T;
      }
      if (Date.now() >= deadline) throw marketUnavailable();
      // Nobody serves the book: its owner just stopped or died, and this process may take it over.
      await this.ownership.claim();
      if (!this.ownership.owns(call.symbol)) await new Promise((resolve) => setTimeout(resolve, NO_OWNER_RETRY_MS));
    }
  }

  async routeOrder<T>(orderId: string, call: (symbol: string) => BookCall, here: () => Promise<T>): Promise<T> {
    const symbol = await symbolOfOrder(this.database, orderId);
    // No such order: the local path answers 404 without touching a book.
    if (!symbol) return here();
    return this.route(call(symbol), here);
  }

  /** Runs a call another process forwarded here; refused if this process does not own the book (any more). */
  runForwarded(call: BookCall, trading: TradingService): Promise<unknown> {
    if (!this.ownership.owns(call.symbol)) return Promise.reject(marketUnavailable());
    return trading.runHere(call);
  }
}

/** TradingService for one of several processes: its book calls go through a ClusterBookRouter. */
export class ClusteredTradingService extends TradingService {
  constructor(
    database: DataSource,
    reads: HistoryReads,
    catalog: MarketCatalog,
    ownership: BookOwnership,
    router: ClusterBookRouter,
  ) {
    super(database, reads, catalog, router);
    this.attach(ownership);
  }
}
