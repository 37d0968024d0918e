import { MigrationInterface, QueryRunner } from 'typeorm';

/** The matches self-trade prevention stopped, per symbol (Binance's myPreventedMatches). */
export class PreventedMatches1795750000000 implements MigrationInterface {
  name = 'PreventedMatches1795750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "prevented_matches" ("symbol" character varying(16) NOT NULL, "id" bigint NOT NULL, "user_id" uuid NOT NULL, "taker_order_id" uuid NOT NULL, "maker_order_id" uuid NOT NULL, "stp" character varying(16) NOT NULL, "price" numeric(38,18) NOT NULL, "taker_prevented" numeric(38,18), "maker_prevented" numeric(38,18), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_daf715e1b68ea8202eb796825ae" PRIMARY KEY ("symbol", "id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "prevented_matches_maker_order" ON "prevented_matches" ("maker_order_id", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "prevented_matches_taker_order" ON "prevented_matches" ("taker_order_id", "id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "prevented_matches"`);
  }
}
