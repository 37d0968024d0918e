import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795247136655 implements MigrationInterface {
  name = 'Foundation1795247136655';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "full_name" character varying(120) NOT NULL, "password_hash" character varying(255) NOT NULL, "is_admin" boolean NOT NULL DEFAULT false, "is_active" boolean NOT NULL DEFAULT true, "kyc_status" character varying(16) NOT NULL DEFAULT 'pending', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_97672ac88f789774dd47f7c8be" ON "users"  ("email") `);
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid, "system" character varying(32), "asset" character varying(16) NOT NULL, "available" numeric(38,18) NOT NULL DEFAULT '0', "locked" numeric(38,18) NOT NULL DEFAULT '0', CONSTRAINT "accounts_users_never_negative" CHECK (system IS NOT NULL OR (available >= 0 AND locked >= 0)), CONSTRAINT "accounts_one_owner" CHECK ((user_id IS NULL) <> (system IS NULL)), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "accounts_system_asset" ON "accounts"  ("system", "asset") WHERE system IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "accounts_user_asset" ON "accounts"  ("user_id", "asset") WHERE user_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "ledger_entries" ("id" BIGSERIAL NOT NULL, "journal_id" uuid NOT NULL, "account_id" uuid NOT NULL, "asset" character varying(16) NOT NULL, "bucket" character varying(16) NOT NULL, "amount" numeric(38,18) NOT NULL, "reason" character varying(32) NOT NULL, "reference_type" character varying(32) NOT NULL, "reference_id" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6efcb84411d3f08b08450ae75d5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ledger_entries_reference" ON "ledger_entries"  ("reference_type", "reference_id") `,
    );
    await queryRunner.query(`CREATE INDEX "ledger_entries_account" ON "ledger_entries"  ("account_id", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ledger_entries_account"`);
    await queryRunner.query(`DROP INDEX "public"."ledger_entries_reference"`);
    await queryRunner.query(`DROP TABLE "ledger_entries"`);
    await queryRunner.query(`DROP INDEX "public"."accounts_user_asset"`);
    await queryRunner.query(`DROP INDEX "public"."accounts_system_asset"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_97672ac88f789774dd47f7c8be"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
