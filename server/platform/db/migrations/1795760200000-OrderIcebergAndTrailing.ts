import { MigrationInterface, QueryRunner } from 'typeorm';

/** An iceberg's visible amount and a trailing stop's delta, kept on its order for the answers that show them. */
export class OrderIcebergAndTrailing1795760200000 implements MigrationInterface {
  name = 'OrderIcebergAndTrailing1795760200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Nullable columns without a default: no table rewrite.
    await queryRunner.query(`ALTER TABLE "orders" ADD "iceberg_amount" numeric(38,18)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "trailing_delta" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "trailing_delta"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "iceberg_amount"`);
  }
}
