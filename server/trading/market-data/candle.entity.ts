import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One market's OHLCV over one bucket of one candle width, kept by the database itself as trades are
 * inserted (see the Candles migration): every width the API offers has rows of its own, so a chart
 * reads its candles instead of aggregating trades. Empty buckets have no row.
 */
@Entity({ name: 'candles' })
export class CandleRow {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  symbol!: string;

  /** Seconds. */
  @PrimaryColumn({ type: 'integer' })
  width!: number;

  /** Opening time; buckets start on multiples of the width since the epoch. */
  @PrimaryColumn({ type: 'timestamptz' })
  bucket!: Date;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  open!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  high!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  low!: string;

  @Column({ type: 'numeric', precision: 38, scale: 18 })
  close!: string;

  /** Unbounded, so no sum of trades can overflow it and fail the statement writing them. */
  @Column({ type: 'numeric' })
  volume!: string;

  @Column({ type: 'numeric' })
  quote_volume!: string;

  /** What takers bought (trades whose taker was the buyer), in the base asset and in the quote. */
  @Column({ type: 'numeric', default: 0 })
  taker_buy_volume!: string;

  @Column({ type: 'numeric', default: 0 })
  taker_buy_quote_volume!: string;

  /**
   * Time and sequence number of the opening and closing trades: trades of one bucket may arrive in
   * several statements and out of order, and an upsert keeps whichever trade is first (last) by them.
   */
  @Column({ type: 'timestamptz' })
  open_at!: Date;

  @Column({ type: 'bigint' })
  open_seq!: string;

  @Column({ type: 'timestamptz' })
  close_at!: Date;

  @Column({ type: 'bigint' })
  close_seq!: string;
}
