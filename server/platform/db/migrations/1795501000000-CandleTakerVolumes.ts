import { MigrationInterface, QueryRunner } from 'typeorm';
import { bucketOf, DAY, earlierOpen, FIRST, keepEither, LAST, laterClose, WIDTHS } from './1795259000000-Candles';

/**
 * The candles also sum what takers bought (trades whose taker side is a buy), in the base asset and
 * in the quote: Binance's klines carry both. The candle triggers' functions are replaced by ones
 * that sum them too (`down` puts back the ones without), and the candles kept so far are counted
 * again from the trades.
 */
const TAKER_SUMS = ['taker_buy_volume', 'taker_buy_quote_volume'];

/** The candles of the trades in `source`, as the Candles migration computes them, with the taker sums if `taker`. */
const candlesOf = (source: string, taker: boolean) => `
  SELECT t.symbol, w.width, ${bucketOf('t.created_at', 'w.width')} AS bucket,
         (${FIRST})[3] AS open, max(t.price) AS high, min(t.price) AS low, (${LAST})[3] AS close,
         sum(t.amount) AS volume, sum(t.quote_amount) AS quote_volume,
         ${
           taker
             ? `COALESCE(sum(t.amount) FILTER (WHERE t.taker_side = 'buy'), 0) AS taker_buy_volume,
                COALESCE(sum(t.quote_amount) FILTER (WHERE t.taker_side = 'buy'), 0) AS taker_buy_quote_volume,`
             : ''
         }
         min(t.created_at) AS open_at, (${FIRST})[2]::bigint AS open_seq,
         max(t.created_at) AS close_at, (${LAST})[2]::bigint AS close_seq
    FROM ${source} t CROSS JOIN (VALUES ${WIDTHS.map((w) => `(${w})`).join(', ')}) AS w(width)
   GROUP BY 1, 2, 3`;

const columns = (taker: boolean) =>
  ['symbol, width, bucket, open, high, low, close, volume, quote_volume', ...(taker ? TAKER_SUMS : [])]
    .concat('open_at, open_seq, close_at, close_seq')
    .join(', ');

/** The two candle trigger functions, with or without the taker sums. */
function candleFunctions(taker: boolean): string[] {
  const sums = ['volume', 'quote_volume', ...(taker ? TAKER_SUMS : [])];
  return [
    `CREATE OR REPLACE FUNCTION candles_add_trades() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO candles (${columns(taker)})
       SELECT * FROM (${candlesOf('new_trades', taker)}) added ORDER BY symbol, width, bucket
       ON CONFLICT (symbol, width, bucket) DO UPDATE SET
         ${keepEither(earlierOpen, ['open', 'open_at', 'open_seq'])},
         high = GREATEST(candles.high, EXCLUDED.high), low = LEAST(candles.low, EXCLUDED.low),
         ${keepEither(laterClose, ['close', 'close_at', 'close_seq'])},
         ${sums.map((c) => `${c} = candles.${c} + EXCLUDED.${c}`).join(', ')};
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION candles_recount_removed_trades() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       removed record;
     BEGIN
       FOR removed IN
         SELECT symbol, ${bucketOf('min(created_at)', String(DAY))} AS since,
                ${bucketOf('max(created_at)', String(DAY))} + interval '1 day' AS until
           FROM old_trades GROUP BY symbol
       LOOP
         DELETE FROM candles WHERE symbol = removed.symbol AND bucket >= removed.since AND bucket < removed.until;
         INSERT INTO candles (${columns(taker)})
         ${candlesOf(`(SELECT * FROM trades WHERE symbol = removed.symbol AND created_at >= removed.since AND created_at < removed.until)`, taker)};
       END LOOP;
       RETURN NULL;
     END $$`,
  ];
}

export class CandleTakerVolumes1795501000000 implements MigrationInterface {
  name = 'CandleTakerVolumes1795501000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "candles" ADD "taker_buy_volume" numeric NOT NULL DEFAULT '0', ADD "taker_buy_quote_volume" numeric NOT NULL DEFAULT '0'`,
    );
    for (const sql of candleFunctions(true)) await queryRunner.query(sql);
    // Writers of trades wait until this commits, so the candles counted again miss none.
    await queryRunner.query('LOCK TABLE trades IN SHARE MODE');
    await queryRunner.query('DELETE FROM candles');
    await queryRunner.query(`INSERT INTO candles (${columns(true)}) ${candlesOf('trades', true)}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of candleFunctions(false)) await queryRunner.query(sql);
    await queryRunner.query(`ALTER TABLE "candles" DROP COLUMN "taker_buy_quote_volume"`);
    await queryRunner.query(`ALTER TABLE "candles" DROP COLUMN "taker_buy_volume"`);
  }
}
