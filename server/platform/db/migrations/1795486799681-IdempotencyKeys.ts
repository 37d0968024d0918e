import { MigrationInterface, QueryRunner } from 'typeorm';

/** The answers of requests sent with an Idempotency-Key, per user and key (see server/platform/idempotency). */
export class IdempotencyKeys1795486799681 implements MigrationInterface {
  name = 'IdempotencyKeys1795486799681';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("user_id" uuid NOT NULL, "key" character varying(64) NOT NULL, "request_hash" character(64) NOT NULL, "status" smallint NOT NULL, "body" json NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id", "key"))`,
    );
    await queryRunner.query(`CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING brin ("created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idempotency_keys_created"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
