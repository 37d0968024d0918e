import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fewer index insertions per order: the ledger's reference index leaves out trading's own entries
 * (found through their accounts, their trade or order rows), and the open orders recovery reads are
 * indexed while open only.
 */
export class WritePathIndexes1795258000000 implements MigrationInterface {
  name = 'WritePathIndexes1795258000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ledger_entries_reference"`);
    await queryRunner.query(
      `CREATE INDEX "ledger_entries_reference" ON "ledger_entries" ("reference_type", "reference_id") WHERE reference_type NOT IN ('trade', 'order')`,
    );
    await queryRunner.query(`DROP INDEX "public"."orders_symbol_status_seq"`);
    await queryRunner.query(
      `CREATE INDEX "orders_open_symbol_seq" ON "orders" ("symbol", "seq") WHERE status IN ('new', 'partially_filled', 'waiting')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."orders_open_symbol_seq"`);
    await queryRunner.query(`CREATE INDEX "orders_symbol_status_seq" ON "orders" ("symbol", "status", "seq") `);
    await queryRunner.query(`DROP INDEX "public"."ledger_entries_reference"`);
    await queryRunner.query(
      `CREATE INDEX "ledger_entries_reference" ON "ledger_entries" ("reference_type", "reference_id") `,
    );
  }
}
