import { BookSnapshotRow } from './checkpoints/book-snapshot.entity';
import { BookStateRow } from './checkpoints/book-state.entity';
import { OrderListRow } from './orders/order-list.entity';
import { OrderRow } from './orders/order.entity';
import { PreventedMatchRow } from './orders/prevented-match.entity';
import { TradeRow } from './orders/trade.entity';
import { CommandLogRow } from './round-writer/command-log.entity';
import { ReferralCommission } from './referrals/referral-commission.entity';
import { ReferralCursor } from './referrals/referral-cursor.entity';

/** The trading core's TypeORM entities: orders, order lists, trades, prevented matches, the books' log and checkpoints, referral commissions. */
export const TRADING_ENTITIES = [
  OrderRow,
  OrderListRow,
  TradeRow,
  PreventedMatchRow,
  CommandLogRow,
  BookSnapshotRow,
  BookStateRow,
  ReferralCommission,
  ReferralCursor,
];
