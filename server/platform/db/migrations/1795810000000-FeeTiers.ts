import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fee tiers by 30-day traded value, and each trader's tier as the periodic recomputation last
 * stored it (server/trading/fee-tiers). The tier's rates sit on the users row so the trading
 * round's read of its traders brings them along. Nullable columns and a constant default: no
 * table rewrite. The list itself is seeded at start (the venue's default rates come from the
 * configuration, not known here).
 */
export class FeeTiers1795810000000 implements MigrationInterface {
  name = 'FeeTiers1795810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fee_tiers" ("name" character varying(32) NOT NULL, "min_volume_30d" numeric(38,18) NOT NULL, "maker_rate" numeric(8,6) NOT NULL, "taker_rate" numeric(8,6) NOT NULL, CONSTRAINT "PK_fee_tiers" PRIMARY KEY ("name"), CONSTRAINT "fee_tiers_volume_unique" UNIQUE ("min_volume_30d"))`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "fee_tier" character varying(32)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "tier_maker_rate" numeric(8,6)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "tier_taker_rate" numeric(8,6)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "volume_30d" numeric(38,18) NOT NULL DEFAULT 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "volume_30d"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "tier_taker_rate"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "tier_maker_rate"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "fee_tier"`);
    await queryRunner.query(`DROP TABLE "fee_tiers"`);
  }
}
