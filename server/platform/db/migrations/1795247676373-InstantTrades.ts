import { MigrationInterface, QueryRunner } from 'typeorm';

export class InstantTrades1795247676373 implements MigrationInterface {
  name = 'InstantTrades1795247676373';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "instant_trades" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "symbol" character varying(16) NOT NULL, "side" character varying(4) NOT NULL, "amount" numeric(38,18) NOT NULL, "price" numeric(38,18) NOT NULL, "total" numeric(38,18) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_aa8b506aa36a3c7ddfac0024f6f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "instant_trades_user_time" ON "instant_trades"  ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."instant_trades_user_time"`);
    await queryRunner.query(`DROP TABLE "instant_trades"`);
  }
}
