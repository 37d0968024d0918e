import { MigrationInterface, QueryRunner } from 'typeorm';

/** Traders' keys for the Binance-compatible API, their secrets sealed (see server/identity/api-keys). */
export class ApiKeys1795496108029 implements MigrationInterface {
  name = 'ApiKeys1795496108029';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "label" character varying(64) NOT NULL, "api_key" character varying(64) NOT NULL, "sealed_secret" text NOT NULL, "can_trade" boolean NOT NULL, "ip_allowlist" text array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "api_keys_api_key" ON "api_keys"  ("api_key") `);
    await queryRunner.query(`CREATE INDEX "api_keys_user" ON "api_keys"  ("user_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."api_keys_user"`);
    await queryRunner.query(`DROP INDEX "public"."api_keys_api_key"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
  }
}
