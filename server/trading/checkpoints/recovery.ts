import type { DataSource, EntityManager } from 'typeorm';
import { isCurrentStateHash, OrderBook, type BookSnapshot, type Command, type MarketSpec } from '../../../engine';
import type { Logger } from '../../platform/logger/logger';
import type { BookMarket } from '../../markets/catalog';
import { specOf } from '../../markets/market-change';
import type { MarketRow } from '../../markets/market.entity';
import { rulesOf } from '../books/book-rules';
import { OPEN_STATUSES, type LiveOrder } from '../books/live-order';
import type { MarketState } from '../books/market-state';
import { liveList, type LiveList } from '../books/live-list';
import { liveOrder } from '../books/order-rows';
import type { OrderListRow } from '../orders/order-list.entity';
import { mayBeFilledSql } from '../../identity/auth/may-trade';
import type { OrderRow } from '../orders/order.entity';

/**
 * Rebuilds a symbol's state from the database: the book from its latest snapshot plus the command
 * log after it (the engine is deterministic, so this is the book that was running), the open
 * orders and holds from the orders table. Two checks, logged loudly when they fail: the engine's
 * state hash at the last recorded checkpoint, and the rebuilt book against the open orders rows.
 */
export async function recoverMarket(dataSource: DataSource, market: BookMarket, logger: Logger): Promise<MarketState> {
  return dataSource.transaction('REPEATABLE READ', async (manager) => {
    const symbol = market.symbol;
    // The rules as of the snapshot this reads (the catalog may not have caught up with a change yet); the
    // book gets the four rules only, not the catalog's other fields: its snapshots hold nothing else.
    const [row] = (await manager.query('SELECT * FROM markets WHERE symbol = $1', [symbol])) as MarketRow[];
    if (!row) throw new Error(`no market ${symbol} to recover`);
    const spec: MarketSpec = specOf(row);
    const snapshots: Array<{ seq: string; snapshot: BookSnapshot }> = await manager.query(
      'SELECT seq, snapshot FROM book_snapshots WHERE symbol = $1 ORDER BY seq DESC LIMIT 1',
      [symbol],
    );
    const snapshotSeq = snapshots[0] ? Number(snapshots[0].seq) : 0;
    const book = snapshots[0] ? OrderBook.restore({ ...snapshots[0].snapshot, spec }) : new OrderBook(spec);
    const [checkpoint] = (await manager.query('SELECT seq, state_hash FROM book_states WHERE symbol = $1', [
      symbol,
    ])) as Array<{
      seq: string;
      state_hash: string;
    }>;
    const checkHash = (seq: number) => {
      if (!checkpoint || Number(checkpoint.seq) !== seq) return;
      if (!isCurrentStateHash(checkpoint.state_hash)) {
        // Recorded by an earlier version's hash function: nothing to compare it with until the next checkpoint.
        logger.info({ symbol, seq }, 'recovery: the last state hash is of an earlier version, not compared');
        return;
      }
      const hash = book.stateHash();
      if (hash !== checkpoint.state_hash) {
        logger.error(
          { symbol, seq, expected: checkpoint.state_hash, rebuilt: hash },
          'RECOVERY MISMATCH: rebuilt book state hash differs from the running one',
        );
      }
    };
    checkHash(snapshotSeq);
    let commandSeq = snapshotSeq;
    for (const { seq, command } of await commandsAfter(manager, symbol, snapshotSeq)) {
      book.apply(command);
      commandSeq = seq;
      checkHash(seq);
    }

    const rows: OrderRow[] = await manager.query(
      'SELECT * FROM orders WHERE symbol = $1 AND status = ANY($2::varchar[]) ORDER BY seq',
      [symbol, OPEN_STATUSES],
    );
    const open = new Map(rows.map((row) => [row.id, liveOrder(row, spec)]));
    const lists = await openLists(manager, symbol);
    compareWithBook(book, open, logger, symbol);
    const [trades] = (await manager.query('SELECT COALESCE(MAX(seq), 0) AS seq FROM trades WHERE symbol = $1', [
      symbol,
    ])) as Array<{ seq: string }>;
    const [prevented] = (await manager.query(
      'SELECT COALESCE(MAX(id), 0) AS id FROM prevented_matches WHERE symbol = $1',
      [symbol],
    )) as Array<{ id: string }>;
    return {
      market: { ...market, ...rulesOf(spec) },
      book,
      open,
      lists,
      commandSeq,
      tradeSeq: Number(trades!.seq),
      preventedMatchSeq: Number(prevented!.id),
      snapshotSeq,
    };
  });
}

/**
 * The suspended traders with open orders on these books, each with the book: a suspension commits
 * before its cancels run, so a server that stopped between the two leaves these behind.
 */
export async function suspendedTradersWithOpenOrders(
  dataSource: DataSource,
  markets: readonly BookMarket[],
): Promise<Array<{ symbol: string; userId: string }>> {
  return dataSource.query(
    `SELECT DISTINCT o.symbol, o.user_id AS "userId" FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.symbol = ANY($1::varchar[]) AND o.status = ANY($2::varchar[]) AND NOT ${mayBeFilledSql('u')}`,
    [markets.map((market) => market.symbol), OPEN_STATUSES],
  );
}

/** A book's open order lists, each with every order of it (ended ones too: a list names them all). */
async function openLists(manager: EntityManager, symbol: string): Promise<Map<number, LiveList>> {
  const rows: OrderListRow[] = await manager.query(
    "SELECT * FROM order_lists WHERE symbol = $1 AND status = 'executing'",
    [symbol],
  );
  if (rows.length === 0) return new Map();
  const legs: Array<Pick<OrderRow, 'id' | 'seq' | 'client_order_id' | 'list_id'>> = await manager.query(
    'SELECT id, seq, client_order_id, list_id FROM orders WHERE list_id = ANY($1::bigint[]) ORDER BY seq',
    [rows.map((row) => row.id)],
  );
  return new Map(
    rows.map((row) => {
      const own = legs.filter((leg) => leg.list_id === row.id);
      const list = liveList(
        row,
        own.map((leg) => ({ orderId: leg.id, seq: Number(leg.seq), clientOrderId: leg.client_order_id ?? leg.id })),
      );
      return [list.id, list];
    }),
  );
}

async function commandsAfter(
  manager: EntityManager,
  symbol: string,
  seq: number,
): Promise<Array<{ seq: number; command: Command }>> {
  const rows: Array<{ seq: string; command: Command }> = await manager.query(
    'SELECT seq, command FROM order_commands WHERE symbol = $1 AND seq > $2 ORDER BY seq',
    [symbol, seq],
  );
  return rows.map((row) => ({ seq: Number(row.seq), command: row.command }));
}

/** Every open order row must be in the book with the same remaining amount, and nothing else. */
function compareWithBook(book: OrderBook, open: Map<string, LiveOrder>, logger: Logger, symbol: string) {
  const problems: string[] = [];
  for (const order of open.values()) {
    const inBook = book.getOrder(order.id);
    if (!inBook) problems.push(`${order.id} open in the database, not in the book`);
    else if (inBook.remaining !== order.lots - order.filledLots)
      problems.push(
        `${order.id} remaining ${inBook.remaining} in the book, ${order.lots - order.filledLots} in the database`,
      );
  }
  if (book.openOrderCount !== open.size)
    problems.push(`${book.openOrderCount} orders in the book, ${open.size} open in the database`);
  if (problems.length > 0)
    logger.error(
      { symbol, problems: problems.slice(0, 20) },
      'RECOVERY MISMATCH: rebuilt book differs from the open orders',
    );
}
