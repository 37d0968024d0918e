import { MigrationInterface, QueryRunner } from 'typeorm';

/** Order types take-profit-limit's name ('take_profit_limit') does not fit in 16 characters. */
export class OrderKindLength1795760100000 implements MigrationInterface {
  name = 'OrderKindLength1795760100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Widening a varchar rewrites nothing.
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "type" TYPE character varying(24)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "type" TYPE character varying(16)`);
  }
}
