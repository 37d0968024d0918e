import { MigrationInterface, QueryRunner } from 'typeorm';
import { OPENING_MARKETS } from './opening-markets';

/**
 * The listed markets as data (server/markets): the six order-book markets and four forex pairs the
 * venue opened with, until then fixed in code. Their fee rates stay null: the venue's defaults.
 */
export class Markets1795710000000 implements MigrationInterface {
  name = 'Markets1795710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "markets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "symbol" character varying(20) NOT NULL, "kind" character varying(8) NOT NULL, "name" character varying(64) NOT NULL, "base_asset" character varying(16) NOT NULL, "tick_size" numeric(38,18) NOT NULL, "lot_size" numeric(38,18) NOT NULL, "min_notional" numeric(38,18) NOT NULL, "reference_price" numeric(38,18) NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'trading', "maker_fee_rate" numeric(8,6), "taker_fee_rate" numeric(8,6), "simple_screen_rank" integer, "listing" SERIAL NOT NULL, "listed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dda44129b32f21ae9f1c28dcf99" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "markets_symbol" ON "markets"  ("symbol") `);
    // One row at a time, in order: `listing` numbers them, and every list keeps that order.
    for (const market of OPENING_MARKETS)
      await queryRunner.query(
        `INSERT INTO "markets" ("symbol", "kind", "name", "base_asset", "tick_size", "lot_size", "min_notional", "reference_price", "simple_screen_rank") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          market.symbol,
          market.kind,
          market.name,
          market.base_asset,
          market.tick_size,
          market.lot_size,
          market.min_notional,
          market.reference_price,
          market.simple_screen_rank,
        ],
      );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."markets_symbol"`);
    await queryRunner.query(`DROP TABLE "markets"`);
  }
}
