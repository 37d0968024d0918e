import { MigrationInterface, QueryRunner } from 'typeorm';

export class LedgerEntryPerAccount1795257000000 implements MigrationInterface {
  name = 'LedgerEntryPerAccount1795257000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ledger_entries" ADD "available" numeric(38,18) NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" ADD "locked" numeric(38,18) NOT NULL DEFAULT '0'`);
    // Each existing row changed one bucket: its amount moves to that bucket's column.
    await queryRunner.query(
      `UPDATE "ledger_entries" SET "available" = CASE WHEN "bucket" = 'available' THEN "amount" ELSE 0 END, "locked" = CASE WHEN "bucket" = 'locked' THEN "amount" ELSE 0 END`,
    );
    await queryRunner.query(`ALTER TABLE "ledger_entries" ALTER COLUMN "available" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" ALTER COLUMN "locked" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP COLUMN "bucket"`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP COLUMN "amount"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ledger_entries" ADD "amount" numeric(38,18)`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" ADD "bucket" character varying(16)`);
    // A row that changed both buckets becomes two.
    await queryRunner.query(`INSERT INTO "ledger_entries" ("journal_id", "account_id", "asset", "bucket", "amount", "available", "locked", "reason", "reference_type", "reference_id", "created_at")
                                 SELECT "journal_id", "account_id", "asset", 'locked', "locked", 0, 0, "reason", "reference_type", "reference_id", "created_at" FROM "ledger_entries" WHERE "available" <> 0 AND "locked" <> 0`);
    await queryRunner.query(
      `UPDATE "ledger_entries" SET "bucket" = CASE WHEN "available" <> 0 THEN 'available' ELSE 'locked' END, "amount" = CASE WHEN "available" <> 0 THEN "available" ELSE "locked" END WHERE "bucket" IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE "ledger_entries" ALTER COLUMN "amount" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" ALTER COLUMN "bucket" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP COLUMN "locked"`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP COLUMN "available"`);
  }
}
