import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a trailing stop began to trail (Binance's trailingTime), and how much of an order self-trade
 * prevention's DECREMENT took away (Binance's preventedQuantity): rare, written only by the rounds
 * that change them.
 */
export class OrderTrailingTimeAndPrevented1795780000000 implements MigrationInterface {
  name = 'OrderTrailingTimeAndPrevented1795780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Nullable columns without a default: no table rewrite.
    await queryRunner.query(`ALTER TABLE "orders" ADD "trailing_time" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "prevented_amount" numeric(38,18)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "prevented_amount"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "trailing_time"`);
  }
}
