import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { fromLots, fromTicks } from '../../engine';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import type { KeyedRequest } from '../idempotency/keyed-request';
import { AnswerLookup } from '../idempotency/answer-lookup';
import { isKeyTaken } from '../idempotency/recorded-answers';
import { BOOK_MARKETS, findBookMarket, type BookMarket } from '../markets/catalog';
import { FINAL_STATUSES, OPEN_STATUSES } from './books/live-order';
import { orderTerms } from './books/order-input';
import { orderRecord } from './books/order-rows';
import type { OrderRequest, OrderView, UserTradeView } from './order-schemas';
import { orderView, userTradeView } from './order-views';
import type { OrderRow } from './order.entity';
import { MAX_LIST } from './read-limits';
import type { CommittedBook } from './sequencer/committed-book';
import { NOT_OPEN, type Outcome, type Submission } from './sequencer/order-execution';
import type { OrderSequencer } from './sequencer/order-sequencer';
import type { TradeRow } from './trade.entity';

/** The books a service trades on: one sequencer, or (several processes) those of the symbols this process owns. */
export type Books = Pick<OrderSequencer, 'committedBook' | 'submit'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bookMarketOf(symbol: string): BookMarket {
  const market = findBookMarket(symbol);
  if (!market) throw badRequest('Unknown symbol');
  return market;
}

/** Cancels every open order of the user on one book, holds released; resolves once committed, to how many there were. */
export async function cancelAllOrdersOn(books: Books, symbol: string, userId: string): Promise<number> {
  const outcome = await books.submit(symbol, { kind: 'cancel_all', userId });
  if (!outcome.ok) throw outcome.error;
  if (!('canceled' in outcome)) throw new Error('a cancel_all was answered as an order command');
  return outcome.canceled;
}

/**
 * Orders on the books: placement and cancellation go through each symbol's sequencer; reads of
 * orders and fills come from the database, depth and last price from the books as last committed. Used by
 * the HTTP routes and directly by the market maker (a system user goes through the same checks).
 */
export class TradingService {
  private sequencer: Books | null = null;
  /** The answers recorded for keys, when a keyed command finds its key taken. */
  private readonly answers: AnswerLookup;

  constructor(private readonly dataSource: DataSource) {
    this.answers = new AnswerLookup(dataSource);
  }

  /** Called once the books are rebuilt (trading.module.ts start()). */
  attach(sequencer: Books) {
    this.sequencer = sequencer;
  }

  /** `keyed`: sent with an Idempotency-Key, the order's round records its answer (see server/idempotency). */
  async placeOrder(userId: string, request: OrderRequest, keyed: KeyedRequest | null = null): Promise<OrderView> {
    const market = bookMarketOf(request.symbol);
    const terms = orderTerms(market, request);
    return this.run(market, { kind: 'place', orderId: randomUUID(), userId, terms }, keyed);
  }

  async cancelOrder(userId: string, orderId: string, keyed: KeyedRequest | null = null): Promise<OrderView> {
    if (!UUID.test(orderId)) throw notFound('Order not found');
    const [row] = (await this.dataSource.query('SELECT user_id, symbol, status FROM orders WHERE id = $1', [
      orderId,
    ])) as OrderRow[];
    if (!row || row.user_id !== userId) throw notFound('Order not found');
    if (FINAL_STATUSES.has(row.status)) throw conflict(NOT_OPEN);
    return this.run(bookMarketOf(row.symbol), { kind: 'cancel', orderId, userId }, keyed);
  }

  /**
   * Every open order of a (suspended) user, on every book, cancelled with its hold released;
   * resolves once each book's cancels have committed, to how many there were.
   */
  async cancelAllOrders(userId: string): Promise<number> {
    const counts = await Promise.all(BOOK_MARKETS.map((market) => this.cancelAllOrdersOnBook(market.symbol, userId)));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** cancelAllOrders on one book. */
  cancelAllOrdersOnBook(symbol: string, userId: string): Promise<number> {
    return cancelAllOrdersOn(this.started(), bookMarketOf(symbol).symbol, userId);
  }

  /** Aggregated price levels of the book as last committed, best first: [price, quantity] as decimal strings. */
  async depth(
    symbol: string,
    limit: number,
  ): Promise<{ bids: Array<[string, string]>; asks: Array<[string, string]> }> {
    const market = bookMarketOf(symbol);
    const { depth } = this.book(market);
    const levels = Math.min(Math.max(limit, 1), MAX_LIST);
    const side = (list: typeof depth.bids) =>
      list.slice(0, levels).map((l): [string, string] => [fromTicks(l.price, market), fromLots(l.quantity, market)]);
    return { bids: side(depth.bids), asks: side(depth.asks) };
  }

  async lastPrice(symbol: string): Promise<string | null> {
    const market = bookMarketOf(symbol);
    const last = this.book(market).lastPrice;
    return last === undefined ? null : fromTicks(last, market);
  }

  async openOrders(userId: string, symbol?: string): Promise<OrderView[]> {
    return this.orders(userId, OPEN_STATUSES, symbol, MAX_LIST);
  }

  async orderHistory(userId: string, symbol: string | undefined, limit: number): Promise<OrderView[]> {
    return this.orders(userId, [...FINAL_STATUSES], symbol, limit);
  }

  /** The user's fills, newest first, from their point of view. */
  async userTrades(userId: string, symbol: string | undefined, limit: number): Promise<UserTradeView[]> {
    const bare = symbol ? bookMarketOf(symbol).symbol : null;
    const rows: TradeRow[] = await this.dataSource.query(
      `SELECT * FROM (
         (SELECT * FROM trades WHERE maker_user_id = $1 AND ($2::varchar IS NULL OR symbol = $2) ORDER BY created_at DESC, seq DESC LIMIT $3)
         UNION ALL
         (SELECT * FROM trades WHERE taker_user_id = $1 AND maker_user_id <> $1 AND ($2::varchar IS NULL OR symbol = $2)
           ORDER BY created_at DESC, seq DESC LIMIT $3)
       ) mine ORDER BY created_at DESC, seq DESC LIMIT $3`,
      [userId, bare, Math.min(limit, MAX_LIST)],
    );
    return rows.map((row) => userTradeView(row, userId));
  }

  private async orders(
    userId: string,
    statuses: readonly string[],
    symbol: string | undefined,
    limit: number,
  ): Promise<OrderView[]> {
    const bare = symbol ? bookMarketOf(symbol).symbol : null;
    const rows: OrderRow[] = await this.dataSource.query(
      `SELECT * FROM orders WHERE user_id = $1 AND status = ANY($2::varchar[]) AND ($3::varchar IS NULL OR symbol = $3)
        ORDER BY created_at DESC, seq DESC LIMIT $4`,
      [userId, statuses, bare, Math.min(limit, MAX_LIST)],
    );
    return rows.map((row) => orderView(row));
  }

  private started(): Books {
    if (!this.sequencer) throw new HttpError(503, 'Trading is starting, please retry');
    return this.sequencer;
  }

  private book(market: BookMarket): CommittedBook {
    const book = this.started().committedBook(market.symbol);
    if (!book) throw badRequest('Unknown symbol');
    return book;
  }

  /**
   * Submits a command and answers what it did. A keyed command whose key another request recorded
   * first (a unique violation in its round, which then failed alone) answers with that request's
   * answer; here, not in the router, because a process forwarding the order to this book's owner
   * would only hear of a failure.
   */
  private async run(market: BookMarket, command: Submission, keyed: KeyedRequest | null): Promise<OrderView> {
    const submission = keyed ? { ...command, keyed } : command;
    let outcome: Outcome;
    try {
      outcome = await this.started().submit(market.symbol, submission);
    } catch (error) {
      const recorded = keyed && isKeyTaken(error) ? await this.answers.recorded(keyed) : null;
      if (!recorded) throw error;
      return recorded.body as OrderView;
    }
    if (!outcome.ok) throw outcome.error;
    if (!('order' in outcome)) throw new Error('an order command was answered without its order');
    return outcome.answer ?? orderView(orderRecord(outcome.order), outcome.fills);
  }
}
