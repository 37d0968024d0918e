import { MigrationInterface, QueryRunner } from 'typeorm';

/** Seconds of every candle width the API offers (1m 5m 15m 30m 1h 4h 1d): each divides a day. */
export const WIDTHS = [60, 300, 900, 1800, 3600, 14400, 86400];
export const DAY = 86400;

/** The opening time of the bucket of width `width` (seconds) holding `time`. */
export const bucketOf = (time: string, width: string) =>
  `to_timestamp(floor(extract(epoch FROM ${time}) / ${width}) * ${width})`;

/**
 * Arrays compare element by element, so of a bucket's trades the least [time, seq, price] is the
 * first trade's and the greatest the last's: no sort per bucket. The epoch is exact (numeric).
 */
export const FIRST = `min(ARRAY[extract(epoch FROM t.created_at), t.seq, t.price])`;
export const LAST = `max(ARRAY[extract(epoch FROM t.created_at), t.seq, t.price])`;

/**
 * The candles of the trades in `source` (a table or a parenthesized query), one row per symbol,
 * width and bucket. Open and close are the first and last trade by (created_at, seq).
 */
const candlesOf = (source: string) => `
  SELECT t.symbol, w.width, ${bucketOf('t.created_at', 'w.width')} AS bucket,
         (${FIRST})[3] AS open, max(t.price) AS high, min(t.price) AS low, (${LAST})[3] AS close,
         sum(t.amount) AS volume, sum(t.quote_amount) AS quote_volume,
         min(t.created_at) AS open_at, (${FIRST})[2]::bigint AS open_seq,
         max(t.created_at) AS close_at, (${LAST})[2]::bigint AS close_seq
    FROM ${source} t CROSS JOIN (VALUES ${WIDTHS.map((w) => `(${w})`).join(', ')}) AS w(width)
   GROUP BY 1, 2, 3`;

const COLUMNS = `symbol, width, bucket, open, high, low, close, volume, quote_volume, open_at, open_seq, close_at, close_seq`;

/** Of a stored candle and one of newer trades of its bucket, which opening (closing) trade comes first (last). */
export const earlierOpen = `(EXCLUDED.open_at, EXCLUDED.open_seq) < (candles.open_at, candles.open_seq)`;
export const laterClose = `(EXCLUDED.close_at, EXCLUDED.close_seq) > (candles.close_at, candles.close_seq)`;
export const keepEither = (condition: string, columns: string[]) =>
  columns.map((c) => `${c} = CASE WHEN ${condition} THEN EXCLUDED.${c} ELSE candles.${c} END`).join(', ');

/**
 * Candles kept by the database as trades are written: whoever inserts trades (the trading rounds'
 * one statement, fixtures), the candles change in the same transaction. A statement-level trigger
 * folds all the statement's trades into one upsert per symbol, width and bucket, exact whatever
 * order trades arrive in. Removing trades (test cleanup) recounts the days they were in. Trades
 * already there are counted once here.
 */
export class Candles1795259000000 implements MigrationInterface {
  name = 'Candles1795259000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "candles" ("symbol" character varying(16) NOT NULL, "width" integer NOT NULL, "bucket" TIMESTAMP WITH TIME ZONE NOT NULL, "open" numeric(38,18) NOT NULL, "high" numeric(38,18) NOT NULL, "low" numeric(38,18) NOT NULL, "close" numeric(38,18) NOT NULL, "volume" numeric NOT NULL, "quote_volume" numeric NOT NULL, "open_at" TIMESTAMP WITH TIME ZONE NOT NULL, "open_seq" bigint NOT NULL, "close_at" TIMESTAMP WITH TIME ZONE NOT NULL, "close_seq" bigint NOT NULL, CONSTRAINT "PK_06360d2b5151ca0215a268d076d" PRIMARY KEY ("symbol", "width", "bucket"))`,
    );
    // Rows in key order, as every writer locks them, so two statements touching the same candles wait rather than deadlock.
    await queryRunner.query(
      `CREATE FUNCTION candles_add_trades() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO candles (${COLUMNS})
         SELECT * FROM (${candlesOf('new_trades')}) added ORDER BY symbol, width, bucket
         ON CONFLICT (symbol, width, bucket) DO UPDATE SET
           ${keepEither(earlierOpen, ['open', 'open_at', 'open_seq'])},
           high = GREATEST(candles.high, EXCLUDED.high), low = LEAST(candles.low, EXCLUDED.low),
           ${keepEither(laterClose, ['close', 'close_at', 'close_seq'])},
           volume = candles.volume + EXCLUDED.volume, quote_volume = candles.quote_volume + EXCLUDED.quote_volume;
         RETURN NULL;
       END $$`,
    );
    // Every width divides a day, so recounting the whole days that held removed trades recounts every candle they were in.
    await queryRunner.query(
      `CREATE FUNCTION candles_recount_removed_trades() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE
         removed record;
       BEGIN
         FOR removed IN
           SELECT symbol, ${bucketOf('min(created_at)', String(DAY))} AS since,
                  ${bucketOf('max(created_at)', String(DAY))} + interval '1 day' AS until
             FROM old_trades GROUP BY symbol
         LOOP
           DELETE FROM candles WHERE symbol = removed.symbol AND bucket >= removed.since AND bucket < removed.until;
           INSERT INTO candles (${COLUMNS})
           ${candlesOf(`(SELECT * FROM trades WHERE symbol = removed.symbol AND created_at >= removed.since AND created_at < removed.until)`)};
         END LOOP;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER trades_add_candles AFTER INSERT ON trades REFERENCING NEW TABLE AS new_trades
       FOR EACH STATEMENT EXECUTE FUNCTION candles_add_trades()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER trades_recount_candles AFTER DELETE ON trades REFERENCING OLD TABLE AS old_trades
       FOR EACH STATEMENT EXECUTE FUNCTION candles_recount_removed_trades()`,
    );
    // After the triggers: creating them locked out writers of trades until this commits, so no trade is missed.
    await queryRunner.query(`INSERT INTO candles (${COLUMNS}) ${candlesOf('trades')}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER trades_recount_candles ON trades`);
    await queryRunner.query(`DROP TRIGGER trades_add_candles ON trades`);
    await queryRunner.query(`DROP FUNCTION candles_recount_removed_trades()`);
    await queryRunner.query(`DROP FUNCTION candles_add_trades()`);
    await queryRunner.query(`DROP TABLE "candles"`);
  }
}
