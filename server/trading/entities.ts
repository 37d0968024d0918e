import { BookSnapshotRow } from './checkpoints/book-snapshot.entity';
import { BookStateRow } from './checkpoints/book-state.entity';
import { OrderRow } from './orders/order.entity';
import { TradeRow } from './orders/trade.entity';
import { CommandLogRow } from './round-writer/command-log.entity';

/** The trading core's TypeORM entities: orders, trades, the books' log and checkpoints. */
export const TRADING_ENTITIES = [OrderRow, TradeRow, CommandLogRow, BookSnapshotRow, BookStateRow];
