import { BookSnapshotRow } from './checkpoints/book-snapshot.entity';
import { BookStateRow } from './checkpoints/book-state.entity';
import { DeskTrade } from './desk/desk-trade.entity';
import { CandleRow } from './market-data/candle.entity';
import { OrderRow } from './order.entity';
import { CommandLogRow } from './round-writer/command-log.entity';
import { TradeRow } from './trade.entity';

/** This layer's TypeORM entities: orders, trades, the books' log and checkpoints, candles and the desk's trades. */
export const TRADING_ENTITIES = [
  OrderRow,
  TradeRow,
  CommandLogRow,
  BookSnapshotRow,
  BookStateRow,
  CandleRow,
  DeskTrade,
];
