import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ListKind } from '../../../engine';

/** A list's status, as Binance's listOrderStatus has it: executing while one of its orders is open. */
export type ListStatus = 'executing' | 'all_done';

/**
 * One row per order list placed (see engine/order-lists.ts): a few orders of one user on one symbol
 * whose lives are tied. Its orders carry its id (orders.list_id). Written by the round that placed
 * it, and by the round in which its last open order ended.
 */
@Entity({ name: 'order_lists' })
// Binance's openOrderList and allOrderList: a user's lists on every symbol, by id.
@Index('order_lists_user_id', ['user_id', 'id'])
// What recovery reads: a book's open lists.
@Index('order_lists_open_symbol', ['symbol'], { where: "status = 'executing'" })
export class OrderListRow {
  /** Binance's orderListId: drawn before its command goes to the book, one sequence for every symbol. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  user_id!: string;

  @Column({ type: 'varchar', length: 16 })
  symbol!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: ListKind;

  /** The caller's own id of the list (Binance's listClientOrderId); one is drawn when none was given. */
  @Column({ type: 'varchar', length: 36 })
  client_list_id!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ListStatus;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  updated_at!: Date;
}
