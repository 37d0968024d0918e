import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger export reads a date range of entries. A BRIN index suits an append-only table whose
 * created_at grows with its rows: a few pages for millions of entries, and next to nothing per insertion.
 */
export class LedgerCreatedAtIndex1795730000000 implements MigrationInterface {
  name = 'LedgerCreatedAtIndex1795730000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ledger_entries_created_at" ON "ledger_entries" USING brin ("created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ledger_entries_created_at"`);
  }
}
