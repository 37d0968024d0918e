import { MigrationInterface, QueryRunner } from 'typeorm';

export class LedgerConstraint1795256000000 implements MigrationInterface {
  name = 'LedgerConstraint1795256000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" DROP CONSTRAINT "accounts_users_never_negative"`);
    await queryRunner.query(
      `ALTER TABLE "accounts" ADD CONSTRAINT "accounts_never_negative" CHECK ((system IS NOT NULL AND system IN ('external', 'house')) OR (available >= 0 AND locked >= 0))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" DROP CONSTRAINT "accounts_never_negative"`);
    await queryRunner.query(
      `ALTER TABLE "accounts" ADD CONSTRAINT "accounts_users_never_negative" CHECK (system IS NOT NULL OR (available >= 0 AND locked >= 0))`,
    );
  }
}
