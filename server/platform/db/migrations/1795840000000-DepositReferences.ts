import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deposit reference per account (`DEP-` and eight characters), which the trader writes on a bank
 * transfer so an administrator can tell whose money arrived. Drawn by the database like referral
 * codes, for existing accounts too; a code drawn twice is drawn again before the unique index.
 */
export class DepositReferences1795840000000 implements MigrationInterface {
  name = 'DepositReferences1795840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The referral codes' alphabet, without look-alikes (no 0/O, 1/I): 32^8 references.
    await queryRunner.query(
      `CREATE FUNCTION new_deposit_reference() RETURNS varchar LANGUAGE sql VOLATILE AS $$
         SELECT 'DEP-' || string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + floor(random() * 32)::int, 1), '')
           FROM generate_series(1, 8)
       $$`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD "deposit_reference" character varying(12) NOT NULL DEFAULT new_deposit_reference()`,
    );
    await queryRunner.query(
      `DO $$ BEGIN
         WHILE EXISTS (SELECT 1 FROM users GROUP BY deposit_reference HAVING count(*) > 1) LOOP
           UPDATE users SET deposit_reference = new_deposit_reference()
            WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY deposit_reference ORDER BY id) AS n
                                           FROM users) d WHERE n > 1);
         END LOOP;
       END $$`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "users_deposit_reference" ON "users" ("deposit_reference")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."users_deposit_reference"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deposit_reference"`);
    await queryRunner.query(`DROP FUNCTION new_deposit_reference()`);
  }
}
