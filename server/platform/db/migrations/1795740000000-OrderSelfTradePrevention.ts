import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each order keeps the self-trade prevention mode it was placed with (the engine's: which order a
 * self-trade ends), for the answers that show it. Orders placed before had the only mode there was.
 */
export class OrderSelfTradePrevention1795740000000 implements MigrationInterface {
  name = 'OrderSelfTradePrevention1795740000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // A constant default: no table rewrite.
    await queryRunner.query(`ALTER TABLE "orders" ADD "stp" character varying(16) NOT NULL DEFAULT 'cancel_newest'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "stp"`);
  }
}
