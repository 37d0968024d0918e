import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { fromLots, fromTicks, toLots } from '../../engine';
import { money } from '../kernel/money';
import { Refusal } from '../kernel/refusal';
import type { HistoryReads } from '../platform/db/history-reads';
import type { KeyedRequest } from '../platform/idempotency/keyed-request';
import { AnswerLookup } from '../platform/idempotency/answer-lookup';
import { isKeyTaken } from '../platform/idempotency/recorded-answers';
import { poolStatementRunner, type StatementRunner } from '../platform/db/named-statement';
import type { BookMarket, MarketCatalog } from '../markets/catalog';
import { listedBook, writeMarketChange } from '../markets/market-change';
import type { MarketChange } from '../markets/market-schemas';
import { OWN_BOOKS, type BookCall, type BookRouter } from './book-calls';
import { FINAL_STATUSES } from './books/live-order';
import { orderTerms } from './books/order-input';
import { orderRecord } from './books/order-rows';
import type {
  OrderListPlacement,
  OrderListRequest,
  OrderListView,
  OrderPlacement,
  OrderView,
  UserTradeView,
} from './orders/order-schemas';
import type { OrderListRow } from './orders/order-list.entity';
import { listRecord } from './books/live-list';
import { findOrderList, openOrderLists } from './order-list-reads';
import { clientOrderIdTaken, openOrders, openOrderTraders, orderOwner, ordersOfUserById } from './order-reads';
import { orderListView, orderView, userTradeView } from './orders/order-views';
import type { OrderRow } from './orders/order.entity';
import { MAX_DEPTH, MAX_LIST } from './orders/read-limits';
import { refuseTrading } from './orders/refusals';
import { holdsLevels, type CommittedBook } from './sequencer/committed-book';
import type { Outcome, Submission } from './sequencer/order-execution';
import type { OrderSequencer } from './sequencer/order-sequencer';
import type { TradeRow } from './orders/trade.entity';
import {
  FILLS,
  listPage,
  listRows,
  ORDER_LISTS,
  type ListFilters,
  type ListWindow,
  type OrderList,
  type RowsPage,
} from './user-lists';

/** A book's levels as decimal strings, best first, and the update id they are as of. */
export interface BookDepth {
  lastUpdateId: number;
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}

/** The books a service trades on: one sequencer, or (several processes) those of the symbols this process owns. */
export type Books = Pick<OrderSequencer, 'committedBook' | 'submit' | 'changeSpec'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A trader's list filters as the gateways take them: the symbol bare or with a slash. */
export type TraderListFilters = Omit<ListFilters, 'symbol'> & { symbol?: string };

/** A cancel of an order that ended meanwhile (or went with its list) is no failure of a cancel-all. */
const unlessEnded = (error: unknown) => {
  if (error instanceof Refusal && (error.code === 'order-not-found' || error.code === 'order-not-open')) return;
  throw error;
};

/** An order as its command left it: its row, and the fills it made in that command (by trade seq). */
export interface OrderRecord {
  order: OrderRow;
  fills: TradeRow[];
}

/** An order list as its command left it: its row, its orders' rows, and the fills they made in that command. */
export interface ListRecord {
  list: OrderListRow;
  orders: OrderRow[];
  fills: TradeRow[];
}

/** The web's edit of an open order: its new whole amount and/or limit price, as exact decimal strings. */
export interface OrderAmend {
  order_id: string;
  amount?: string;
  price?: string;
}

/** An order as its amend left it, and the amend command's sequence number on its book. */
export interface AmendedOrder {
  order: OrderRow;
  commandSeq: number;
}

type OrderOutcome = Extract<Outcome, { order: unknown }>;
type ListOutcome = Extract<Outcome, { list: unknown }>;

const record = (catalog: MarketCatalog, outcome: OrderOutcome): OrderRecord => ({
  order: orderRecord(catalog, outcome.order),
  fills: outcome.fills,
});

/** Refuses ('duplicate-client-order-id') an order placed with a client order id its user has given another order, or that is the id of one of their orders placed without one. */
const CLIENT_ORDER_ID_INDEX = 'orders_user_client_order_id';

const isClientOrderIdTaken = (error: unknown): boolean => {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && pgError.constraint === CLIENT_ORDER_ID_INDEX;
};

export function bookMarketOf(catalog: MarketCatalog, symbol: string): BookMarket {
  const market = catalog.findBookMarket(symbol);
  if (!market) throw refuseTrading('unknown-symbol');
  return market;
}

/** Refuses a new order on a market an administrator halted or put in cancel-only mode (cancels still go through). */
export function assertTakesOrders(market: Pick<BookMarket, 'status'>): void {
  if (market.status === 'halted') throw refuseTrading('market-halted');
  if (market.status === 'cancel_only') throw refuseTrading('market-cancel-only');
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
 * Every call on a book goes through `router`: run here, or (several processes) on the book's owner.
 */
export class TradingService {
  private sequencer: Books | null = null;
  /** The answers recorded for keys, when a keyed command finds its key taken. */
  private readonly answers: AnswerLookup;

  /** Named statements on the pool: parsed and planned once per connection. */
  private readonly statements: StatementRunner;

  constructor(
    private readonly dataSource: DataSource,
    /** Order and trade history: read where HistoryReads sends them, open orders never. */
    private readonly reads: HistoryReads,
    private readonly catalog: MarketCatalog,
    private readonly router: BookRouter = OWN_BOOKS,
  ) {
    this.answers = new AnswerLookup(dataSource);
    this.statements = poolStatementRunner(dataSource);
  }

  /** Called once the books are rebuilt (trading.module.ts start()). */
  attach(sequencer: Books) {
    this.sequencer = sequencer;
  }

  /** `keyed`: sent with an Idempotency-Key, the order's round records its answer (see server/platform/idempotency). */
  async placeOrder(userId: string, request: OrderPlacement, keyed: KeyedRequest | null = null): Promise<OrderView> {
    const symbol = bookMarketOf(this.catalog, request.symbol).symbol;
    return this.router.route({ method: 'placeOrder', symbol, userId, request, keyed }, () =>
      this.placeOrderHere(userId, request, keyed),
    );
  }

  /**
   * placeOrder for a caller that answers in words of its own (the Binance-compatible API): the
   * order's row and the fills it made as it was placed, as its round committed them. Never keyed.
   * A fill-or-kill order that cannot fill is an order here, expired as placed (as Binance has it),
   * where placeOrder refuses it.
   */
  async placeOrderRecord(userId: string, request: OrderPlacement): Promise<OrderRecord> {
    const symbol = bookMarketOf(this.catalog, request.symbol).symbol;
    return this.router.route({ method: 'placeOrderRecord', symbol, userId, request }, () =>
      this.placeOrderRecordHere(userId, request),
    );
  }

  async cancelOrder(userId: string, orderId: string, keyed: KeyedRequest | null = null): Promise<OrderView> {
    return this.router.routeOrder(
      orderId,
      (symbol) => ({ method: 'cancelOrder', symbol, userId, orderId, keyed }),
      () => this.cancelOrderHere(userId, orderId, keyed),
    );
  }

  /** cancelOrder answered as placeOrderRecord answers: the order's row as its cancel left it. */
  async cancelOrderRecord(userId: string, orderId: string): Promise<OrderRecord> {
    return this.router.routeOrder(
      orderId,
      (symbol) => ({ method: 'cancelOrderRecord', symbol, userId, orderId }),
      () => this.cancelOrderRecordHere(userId, orderId),
    );
  }

  /**
   * An order list as the web asks for it, placed: answered as its user sees it. `keyed`: sent with an
   * Idempotency-Key, the list's round records its answer, and a repeat answers that.
   */
  async placeOrderList(
    userId: string,
    request: OrderListRequest,
    keyed: KeyedRequest | null = null,
  ): Promise<OrderListView> {
    const orders = request.orders.map((order) => ({ ...order, symbol: request.symbol }));
    const placement: OrderListPlacement = { symbol: request.symbol, kind: request.kind, orders };
    const symbol = bookMarketOf(this.catalog, request.symbol).symbol;
    return this.router.route({ method: 'placeOrderList', symbol, userId, request: placement, keyed }, () =>
      this.placeOrderListHere(userId, placement, keyed),
    );
  }

  /** Cancels every open order of a list of the user's: the list as the cancel left it. */
  async cancelOrderList(userId: string, listId: number): Promise<OrderListView> {
    const found = await findOrderList(this.dataSource, userId, { listId });
    if (!found) throw refuseTrading('order-list-not-found');
    if (found.list.status !== 'executing') throw refuseTrading('order-list-not-open');
    const canceled = await this.cancelOrderListRecord(userId, found.list.symbol, listId);
    return orderListView(this.catalog, canceled.list, canceled.orders);
  }

  /**
   * Places an order list (see engine/order-lists.ts) of the user's, all or nothing: its rows, and
   * the fills its orders made as they were placed, as its round committed them. Never keyed.
   */
  async placeOrderListRecord(userId: string, request: OrderListPlacement): Promise<ListRecord> {
    const symbol = bookMarketOf(this.catalog, request.symbol).symbol;
    return this.router.route({ method: 'placeOrderListRecord', symbol, userId, request }, () =>
      this.placeOrderListRecordHere(userId, request),
    );
  }

  /** Cancels every open order of a list of the user's on `symbol`: the list and its orders as the cancel left them. */
  async cancelOrderListRecord(userId: string, symbol: string, listId: number): Promise<ListRecord> {
    const bare = bookMarketOf(this.catalog, symbol).symbol;
    return this.router.route({ method: 'cancelOrderListRecord', symbol: bare, userId, listId }, () =>
      this.cancelOrderListRecordHere(userId, bare, listId),
    );
  }

  /**
   * Reduces an open order of the user to `amount` in all (filled part included), keeping its place
   * in the queue (Binance's amend keepPriority); what it holds beyond its rest's need is released.
   * `clientOrderId`: the order's new one, refused if another order of the user has it; null keeps its own.
   */
  async amendOrderRecord(
    userId: string,
    orderId: string,
    amount: string,
    clientOrderId: string | null,
  ): Promise<AmendedOrder> {
    return this.router.routeOrder(
      orderId,
      (symbol) => ({ method: 'amendOrderRecord', symbol, userId, orderId, amount, clientOrderId }),
      () => this.amendOrderRecordHere(userId, orderId, amount, clientOrderId),
    );
  }

  /**
   * The web's edit of an open order of the user's: its whole `amount` (filled part included) and/or
   * its limit `price`. A smaller amount at the same price is amended in place, keeping the order's
   * priority; anything else cancels it and places its rest anew with the same side, type, time in
   * force and post-only (as Binance's cancel-replace STOP_ON_FAILURE: the new order's terms are
   * checked first, and if the cancel fails nothing is placed). Answers the resulting order.
   */
  async amendOrder(userId: string, change: OrderAmend): Promise<OrderView> {
    const [row] = UUID.test(change.order_id) ? await ordersOfUserById(this.dataSource, userId, [change.order_id]) : [];
    if (!row) throw refuseTrading('order-not-found');
    if (FINAL_STATUSES.has(row.status)) throw refuseTrading('order-not-open');
    // The orders of a list keep the sizes and prices the list was checked with (as the engine has it).
    if (row.list_id !== null || (change.price !== undefined && row.price === null))
      throw refuseTrading('order-rejected', { reason: 'INVALID_ORDER' });
    const amount = money(change.amount ?? row.amount);
    const price = change.price ?? row.price;
    const samePrice = row.price === null || money(price!).eq(row.price);
    if (amount.lte(row.filled)) throw refuseTrading('amend-below-filled');
    if (samePrice && amount.eq(row.amount)) return orderView(this.catalog, row);
    if (samePrice && amount.lt(row.amount)) {
      const amended = await this.amendOrderRecord(userId, row.id, amount.toFixed(), null);
      return orderView(this.catalog, amended.order);
    }
    const market = bookMarketOf(this.catalog, row.symbol);
    const replacement: OrderPlacement = {
      symbol: row.symbol,
      side: row.side,
      type: row.type,
      amount: amount.minus(row.filled).toFixed(),
      price: row.price === null ? null : money(price!).toFixed(),
      stop_price: row.stop_price === null ? null : money(row.stop_price).toFixed(),
      time_in_force: row.time_in_force,
      post_only: row.post_only,
      ...(row.trailing_delta === null ? {} : { trailing_delta: row.trailing_delta }),
    };
    orderTerms(market, replacement);
    await this.cancelOrderRecord(userId, row.id);
    return this.placeOrder(userId, replacement);
  }

  /**
   * Every open order of a (suspended) user, on every book, cancelled with its hold released;
   * resolves once each book's cancels have committed, to how many there were.
   */
  async cancelAllOrders(userId: string): Promise<number> {
    const counts = await Promise.all(
      this.catalog.bookMarkets().map((market) => this.cancelAllOrdersOnBook(market.symbol, userId)),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** cancelAllOrders on one book. */
  cancelAllOrdersOnBook(symbol: string, userId: string): Promise<number> {
    const bare = bookMarketOf(this.catalog, symbol).symbol;
    return this.router.route({ method: 'cancelAllOrdersOnBook', symbol: bare, userId }, () =>
      cancelAllOrdersOn(this.started(), bare, userId),
    );
  }

  /** Every open order on one book, whoever placed it, cancelled with its hold released; resolves to how many there were. */
  async cancelEveryOrderOnBook(symbol: string): Promise<number> {
    const traders = await openOrderTraders(this.dataSource, bookMarketOf(this.catalog, symbol).symbol);
    let canceled = 0;
    for (const userId of traders) canceled += await this.cancelAllOrdersOnBook(symbol, userId);
    return canceled;
  }

  /**
   * An administrator's change of a book's rules (tick, lot, minimum order value), with whatever
   * else `change` holds: written by the book's sequencer, which refuses it while the book holds an order.
   */
  async changeBookRules(adminId: string, symbol: string, change: MarketChange): Promise<void> {
    const call: BookCall = {
      method: 'changeBookRules',
      symbol: listedBook(this.catalog, symbol).symbol,
      adminId,
      change,
    };
    await this.router.route(call, () => this.changeBookRulesHere(adminId, symbol, change));
  }

  async depth(symbol: string, limit: number): Promise<BookDepth> {
    const call: BookCall = { method: 'depth', symbol: bookMarketOf(this.catalog, symbol).symbol, limit };
    return this.router.route(call, () => this.depthHere(symbol, limit));
  }

  async lastPrice(symbol: string): Promise<string | null> {
    const call: BookCall = { method: 'lastPrice', symbol: bookMarketOf(this.catalog, symbol).symbol };
    return this.router.route(call, () => this.lastPriceHere(symbol));
  }

  /** Runs a call on this process's books: one another process forwarded to this book's owner. */
  runHere(call: BookCall): Promise<unknown> {
    switch (call.method) {
      case 'placeOrder':
        return this.placeOrderHere(call.userId, call.request, call.keyed);
      case 'cancelOrder':
        return this.cancelOrderHere(call.userId, call.orderId, call.keyed);
      case 'placeOrderRecord':
        return this.placeOrderRecordHere(call.userId, call.request);
      case 'cancelOrderRecord':
        return this.cancelOrderRecordHere(call.userId, call.orderId);
      case 'amendOrderRecord':
        return this.amendOrderRecordHere(call.userId, call.orderId, call.amount, call.clientOrderId);
      case 'placeOrderList':
        return this.placeOrderListHere(call.userId, call.request, call.keyed);
      case 'placeOrderListRecord':
        return this.placeOrderListRecordHere(call.userId, call.request);
      case 'cancelOrderListRecord':
        return this.cancelOrderListRecordHere(call.userId, call.symbol, call.listId);
      case 'cancelAllOrdersOnBook':
        return cancelAllOrdersOn(this.started(), bookMarketOf(this.catalog, call.symbol).symbol, call.userId);
      case 'depth':
        return this.depthHere(call.symbol, call.limit);
      case 'lastPrice':
        return this.lastPriceHere(call.symbol);
      case 'changeBookRules':
        return this.changeBookRulesHere(call.adminId, call.symbol, call.change);
    }
  }

  private async placeOrderHere(
    userId: string,
    request: OrderPlacement,
    keyed: KeyedRequest | null,
  ): Promise<OrderView> {
    const { market, command } = await this.placement(userId, request);
    return this.run(market, command, keyed);
  }

  private async placeOrderRecordHere(userId: string, request: OrderPlacement): Promise<OrderRecord> {
    const { market, command } = await this.placement(userId, request);
    return record(this.catalog, await this.submitted(market, { ...command, expireUnfillable: true }));
  }

  private async cancelOrderHere(userId: string, orderId: string, keyed: KeyedRequest | null): Promise<OrderView> {
    return this.run(await this.cancelledOn(userId, orderId), { kind: 'cancel', orderId, userId }, keyed);
  }

  private async cancelOrderRecordHere(userId: string, orderId: string): Promise<OrderRecord> {
    return record(
      this.catalog,
      await this.submitted(await this.cancelledOn(userId, orderId), { kind: 'cancel', orderId, userId }),
    );
  }

  private async amendOrderRecordHere(
    userId: string,
    orderId: string,
    amount: string,
    clientOrderId: string | null,
  ): Promise<AmendedOrder> {
    const market = await this.cancelledOn(userId, orderId);
    const lots = toLots(amount, market);
    if (!lots.ok) throw refuseTrading('amount-not-multiple-of-lot');
    if (clientOrderId !== null && (await clientOrderIdTaken(this.statements, userId, clientOrderId)))
      throw refuseTrading('duplicate-client-order-id');
    const submission: Submission = { kind: 'amend', orderId, userId, lots: lots.value, clientOrderId };
    const outcome = await this.submitted(market, submission);
    return { order: orderRecord(this.catalog, outcome.order), commandSeq: outcome.commandSeq! };
  }

  private async placeOrderListHere(
    userId: string,
    request: OrderListPlacement,
    keyed: KeyedRequest | null,
  ): Promise<OrderListView> {
    const { market, submission } = await this.listPlacement(userId, request);
    return this.answered(keyed, async () => {
      const outcome = await this.submittedList(market, keyed ? { ...submission, keyed } : submission);
      const orders = outcome.orders.map((order) => orderRecord(this.catalog, order));
      return outcome.answer ?? orderListView(this.catalog, listRecord(outcome.list), orders);
    });
  }

  private async placeOrderListRecordHere(userId: string, request: OrderListPlacement): Promise<ListRecord> {
    const { market, submission } = await this.listPlacement(userId, request);
    const outcome = await this.submittedList(market, submission);
    return {
      list: listRecord(outcome.list),
      orders: outcome.orders.map((order) => orderRecord(this.catalog, order)),
      fills: outcome.fills,
    };
  }

  /** A list's command, checked as far as the book need not be asked, with its id drawn. */
  private async listPlacement(
    userId: string,
    request: OrderListPlacement,
  ): Promise<{ market: BookMarket; submission: Submission }> {
    const market = bookMarketOf(this.catalog, request.symbol);
    assertTakesOrders(market);
    const orders = request.orders.map((order) => ({ orderId: randomUUID(), terms: orderTerms(market, order) }));
    const clientIds = orders.flatMap(({ terms }) => (terms.clientOrderId === null ? [] : [terms.clientOrderId]));
    if (new Set(clientIds).size !== clientIds.length) throw refuseTrading('duplicate-client-order-id');
    for (const clientOrderId of clientIds)
      if (await clientOrderIdTaken(this.statements, userId, clientOrderId))
        throw refuseTrading('duplicate-client-order-id');
    // Drawn before the book sees it, as an order's id is: the engine names the list by it.
    const [{ id }] = (await this.dataSource.query(
      "SELECT nextval(pg_get_serial_sequence('order_lists', 'id')) AS id",
    )) as [{ id: string }];
    const list = {
      listId: Number(id),
      kind: request.kind,
      clientListId: request.client_list_id ?? randomUUID().replaceAll('-', '').slice(0, 22),
      orders,
    };
    return { market, submission: { kind: 'place_list', userId, list } };
  }

  private async cancelOrderListRecordHere(userId: string, symbol: string, listId: number): Promise<ListRecord> {
    const market = bookMarketOf(this.catalog, symbol);
    const found = await findOrderList(this.dataSource, userId, { listId });
    if (!found || found.list.symbol !== market.symbol) throw refuseTrading('order-list-not-found');
    if (found.list.status !== 'executing') throw refuseTrading('order-list-not-open');
    await this.submittedList(market, { kind: 'cancel_list', userId, listId });
    // As committed: its orders ended in the cancel's round, or before it.
    const canceled = (await findOrderList(this.dataSource, userId, { listId }))!;
    return { ...canceled, fills: [] };
  }

  private async changeBookRulesHere(adminId: string, symbol: string, change: MarketChange): Promise<void> {
    listedBook(this.catalog, symbol);
    await this.started().changeSpec(symbol, async (manager) => {
      const { spec } = await writeMarketChange(manager, adminId, symbol, change);
      return spec;
    });
  }

  /**
   * Aggregated price levels of the book as last committed, best first: [price, quantity] as decimal
   * strings, with the book's update id they are as of (the published book diffs count in it).
   */
  private async depthHere(symbol: string, limit: number): Promise<BookDepth> {
    const market = bookMarketOf(this.catalog, symbol);
    const levels = Math.min(Math.max(limit, 1), MAX_DEPTH);
    const committed = this.book(market);
    const { depth, lastUpdateId, spec } = holdsLevels(committed, levels) ? committed : await committed.deepened();
    const side = (list: typeof depth.bids) =>
      list.slice(0, levels).map((l): [string, string] => [fromTicks(l.price, spec), fromLots(l.quantity, spec)]);
    return { lastUpdateId, bids: side(depth.bids), asks: side(depth.asks) };
  }

  private async lastPriceHere(symbol: string): Promise<string | null> {
    const market = bookMarketOf(this.catalog, symbol);
    const { lastPrice, spec } = this.book(market);
    return lastPrice === undefined ? null : fromTicks(lastPrice, spec);
  }

  /** Up to MAX_LIST of the user's open orders, on one symbol or all, newest first. */
  async openOrders(userId: string, symbol?: string): Promise<OrderView[]> {
    return this.orderRows(userId, 'open', { symbol }, { limit: MAX_LIST, offset: 0 });
  }

  /**
   * A page of the user's open orders or order history (with average price and executed amount),
   * and how many the filters select. Open orders are read on the primary (they move), history where
   * HistoryReads sends it.
   */
  async ordersPage(
    userId: string,
    list: OrderList,
    filters: TraderListFilters,
    window: ListWindow,
  ): Promise<RowsPage<OrderView>> {
    const page = await this.listReads(list).run((db) =>
      listPage<OrderRow>(db, userId, ORDER_LISTS[list], this.listFilters(filters), window),
    );
    return { total: page.total, items: page.items.map((row) => orderView(this.catalog, row)) };
  }

  /** The orders of a window alone (an export reads batch after batch). */
  async orderRows(userId: string, list: OrderList, filters: TraderListFilters, window: ListWindow) {
    const rows = await this.listReads(list).run((db) =>
      listRows<OrderRow>(db, userId, ORDER_LISTS[list], this.listFilters(filters), window),
    );
    return rows.map((row) => orderView(this.catalog, row));
  }

  /** A page of the user's fills, from their point of view, and how many the filters select. */
  async userTradesPage(
    userId: string,
    filters: Omit<TraderListFilters, 'type'>,
    window: ListWindow,
  ): Promise<RowsPage<UserTradeView>> {
    const page = await this.reads.run((db) => listPage<TradeRow>(db, userId, FILLS, this.listFilters(filters), window));
    return { total: page.total, items: page.items.map((row) => userTradeView(this.catalog, row, userId)) };
  }

  /**
   * Cancels the user's open orders, on one symbol or every one, as they are now: each by a cancel of
   * its own, all sent at once (a book takes them in one round). Answers the orders that ended
   * canceled, as they ended: an order of a list goes with its list, and one that filled meanwhile is
   * not among them.
   */
  async cancelOpenOrders(userId: string, symbol?: string): Promise<OrderView[]> {
    const open = await openOrders(this.dataSource, userId, this.bareSymbol(symbol));
    await Promise.all(open.map((row) => this.cancelOrderRecord(userId, row.id).catch(unlessEnded)));
    const ended = await ordersOfUserById(
      this.dataSource,
      userId,
      open.map((row) => row.id),
    );
    return ended.filter((row) => row.status === 'canceled').map((row) => orderView(this.catalog, row));
  }

  /** The user's open order lists, every symbol, oldest first, with their orders. */
  async openOrderLists(userId: string): Promise<OrderListView[]> {
    const lists = await openOrderLists(this.dataSource, userId);
    return lists.map(({ list, orders }) => orderListView(this.catalog, list, orders));
  }

  private bareSymbol(symbol: string | undefined): string | null {
    return symbol ? bookMarketOf(this.catalog, symbol).symbol : null;
  }

  private listFilters({ symbol, ...rest }: TraderListFilters): ListFilters {
    return { ...rest, symbol: this.bareSymbol(symbol) };
  }

  /** Where a list is read: open orders on the primary, history where HistoryReads sends it. */
  private listReads(list: OrderList): Pick<HistoryReads, 'run'> {
    return list === 'open' ? { run: (read) => read(this.dataSource) } : this.reads;
  }

  /** An order request checked against its market, as the command that places it. */
  private async placement(userId: string, request: OrderPlacement) {
    const market = bookMarketOf(this.catalog, request.symbol);
    assertTakesOrders(market);
    const terms = orderTerms(market, request);
    // Refused here before it costs a round; two at once are told apart by the unique index (see submitted).
    // An order placed without one is named by its id, which is drawn below and told to nobody before
    // its order commits: an order taking that id as its client order id always comes after this read sees it.
    if (terms.clientOrderId !== null && (await clientOrderIdTaken(this.statements, userId, terms.clientOrderId)))
      throw refuseTrading('duplicate-client-order-id');
    const command: Submission = { kind: 'place', orderId: randomUUID(), userId, terms };
    return { market, command };
  }

  /** The book of an open order of the user's, which a cancel goes to. */
  private async cancelledOn(userId: string, orderId: string): Promise<BookMarket> {
    if (!UUID.test(orderId)) throw refuseTrading('order-not-found');
    const row = await orderOwner(this.dataSource, orderId);
    if (!row || row.user_id !== userId) throw refuseTrading('order-not-found');
    if (FINAL_STATUSES.has(row.status)) throw refuseTrading('order-not-open');
    return bookMarketOf(this.catalog, row.symbol);
  }

  private started(): Books {
    if (!this.sequencer) throw refuseTrading('trading-starting');
    return this.sequencer;
  }

  private book(market: BookMarket): CommittedBook {
    const book = this.started().committedBook(market.symbol);
    if (!book) throw refuseTrading('unknown-symbol');
    return book;
  }

  /**
   * Submits a command and answers what it did. A keyed command whose key another request recorded
   * first (a unique violation in its round, which then failed alone) answers with that request's
   * answer; here, not in the router, because a process forwarding the order to this book's owner
   * would only hear of a failure.
   */
  private async run(market: BookMarket, command: Submission, keyed: KeyedRequest | null): Promise<OrderView> {
    return this.answered(keyed, async () => {
      const outcome = await this.submitted(market, keyed ? { ...command, keyed } : command);
      return outcome.answer ?? orderView(this.catalog, orderRecord(this.catalog, outcome.order), outcome.fills);
    });
  }

  /**
   * What `work` answers; for a keyed command whose key a first try took (its round committed), what
   * that round recorded instead.
   */
  private async answered<T>(keyed: KeyedRequest | null, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const recorded = keyed && isKeyTaken(error) ? await this.answers.recorded(keyed) : null;
      if (!recorded) throw error;
      return recorded.body as T;
    }
  }

  /** What a list command did, once committed; a refusal is thrown (see committed). */
  private async submittedList(market: BookMarket, submission: Submission): Promise<ListOutcome> {
    const outcome = await this.committed(market, submission);
    if (!('list' in outcome)) throw new Error('a list command was answered without its list');
    return outcome;
  }

  /**
   * What an order command did, once committed; a refusal is thrown. So is an order whose client
   * order id another order took first (a unique violation in its round, which then failed alone).
   */
  private async submitted(market: BookMarket, submission: Submission): Promise<OrderOutcome> {
    const outcome = await this.committed(market, submission);
    if (!('order' in outcome)) throw new Error('an order command was answered without its order');
    return outcome;
  }

  /** What a command did, once committed; a refusal is thrown (a client order id taken first included). */
  private async committed(market: BookMarket, submission: Submission): Promise<Extract<Outcome, { ok: true }>> {
    let outcome: Outcome;
    try {
      outcome = await this.started().submit(market.symbol, submission);
    } catch (error) {
      if (isClientOrderIdTaken(error)) throw refuseTrading('duplicate-client-order-id');
      throw error;
    }
    if (!outcome.ok) throw outcome.error;
    return outcome;
  }
}
