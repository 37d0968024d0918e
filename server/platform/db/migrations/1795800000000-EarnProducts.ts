import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earn: the products administrators offer, the positions traders hold in them, and one row per
 * position and credited interval (its primary key credits an interval once). The interest expense
 * account may go below zero, as the outside world and the desk may.
 */
export class EarnProducts1795800000000 implements MigrationInterface {
  name = 'EarnProducts1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "earn_accruals" ("position_id" uuid NOT NULL, "period" integer NOT NULL, "interest" numeric(38,18) NOT NULL, "credited_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d8cf8cce1b1c75520215a2f0aae" PRIMARY KEY ("position_id", "period"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "earn_positions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "product_id" uuid NOT NULL, "asset" character varying(16) NOT NULL, "kind" character varying(8) NOT NULL, "apy" numeric(38,18) NOT NULL, "amount" numeric(38,18) NOT NULL, "accrued" numeric(38,18) NOT NULL DEFAULT '0', "accrued_periods" integer NOT NULL DEFAULT '0', "accrual_interval_ms" bigint NOT NULL, "status" character varying(8) NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "matures_at" TIMESTAMP WITH TIME ZONE, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "closed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_707ae73237dd5a1c0eabc65fb74" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "earn_positions_due" ON "earn_positions" ("due_at") WHERE status = 'active'`);
    await queryRunner.query(`CREATE INDEX "earn_positions_user" ON "earn_positions" ("user_id", "started_at")`);
    await queryRunner.query(
      `CREATE TABLE "earn_products" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "asset" character varying(16) NOT NULL, "kind" character varying(8) NOT NULL, "apy" numeric(38,18) NOT NULL, "term_days" integer, "min_amount" numeric(38,18) NOT NULL, "status" character varying(8) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "earn_products_term" CHECK ((kind = 'locked') = (term_days IS NOT NULL)), CONSTRAINT "PK_191c20f81af8800742efbd91b5b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "accounts" DROP CONSTRAINT "accounts_never_negative"`);
    await queryRunner.query(
      `ALTER TABLE "accounts" ADD CONSTRAINT "accounts_never_negative" CHECK ((system IS NOT NULL AND system IN ('external', 'house', 'earn_interest')) OR (available >= 0 AND locked >= 0))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" DROP CONSTRAINT "accounts_never_negative"`);
    await queryRunner.query(
      `ALTER TABLE "accounts" ADD CONSTRAINT "accounts_never_negative" CHECK ((system IS NOT NULL AND system IN ('external', 'house')) OR (available >= 0 AND locked >= 0))`,
    );
    await queryRunner.query(`DROP TABLE "earn_products"`);
    await queryRunner.query(`DROP INDEX "public"."earn_positions_user"`);
    await queryRunner.query(`DROP INDEX "public"."earn_positions_due"`);
    await queryRunner.query(`DROP TABLE "earn_positions"`);
    await queryRunner.query(`DROP TABLE "earn_accruals"`);
  }
}
