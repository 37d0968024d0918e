import { MigrationInterface, QueryRunner } from 'typeorm';

export class MoneyAndBackOffice1795247673438 implements MigrationInterface {
  name = 'MoneyAndBackOffice1795247673438';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "admin_id" uuid NOT NULL, "action" character varying(48) NOT NULL, "target_type" character varying(32) NOT NULL, "target_id" uuid NOT NULL, "notes" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "audit_log_created" ON "audit_log"  ("created_at") `);
    await queryRunner.query(
      `CREATE TABLE "bank_accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "bank_name" character varying(120) NOT NULL, "account_number" character varying(64) NOT NULL, "account_holder" character varying(120) NOT NULL, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c872de764f2038224a013ff25ed" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "funding_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "amount" numeric(38,18) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "admin_notes" text, "decided_by" uuid, "decided_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "funding_requests_amount_positive" CHECK (amount > 0), CONSTRAINT "PK_19f6f2c0eab9f4064311f36d09c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "funding_requests_queue" ON "funding_requests"  ("kind", "status", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "funding_requests_user" ON "funding_requests"  ("user_id", "kind", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "kyc_submissions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "document_type" character varying(32) NOT NULL, "mime_type" character varying(64) NOT NULL, "document" bytea NOT NULL, "document_size" integer NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "admin_notes" text, "decided_by" uuid, "decided_at" TIMESTAMP WITH TIME ZONE, "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b6ce86b4b10d774272de1730a71" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "kyc_submissions_queue" ON "kyc_submissions"  ("status", "submitted_at") `);
    await queryRunner.query(`CREATE INDEX "kyc_submissions_user" ON "kyc_submissions"  ("user_id", "submitted_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."kyc_submissions_user"`);
    await queryRunner.query(`DROP INDEX "public"."kyc_submissions_queue"`);
    await queryRunner.query(`DROP TABLE "kyc_submissions"`);
    await queryRunner.query(`DROP INDEX "public"."funding_requests_user"`);
    await queryRunner.query(`DROP INDEX "public"."funding_requests_queue"`);
    await queryRunner.query(`DROP TABLE "funding_requests"`);
    await queryRunner.query(`DROP TABLE "bank_accounts"`);
    await queryRunner.query(`DROP INDEX "public"."audit_log_created"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
