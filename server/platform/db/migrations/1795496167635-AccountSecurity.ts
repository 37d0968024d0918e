import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions, the login history, two-factor secrets and recovery codes (server/identity/sessions, server/identity/auth, server/identity/two-factor). */
export class AccountSecurity1795496167635 implements MigrationInterface {
  name = 'AccountSecurity1795496167635';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_history" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "ip" character varying(64) NOT NULL, "user_agent" character varying(512) NOT NULL, "failure" character varying(32), CONSTRAINT "PK_fe377f36d49c39547cb6b9f0727" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "login_history_user" ON "login_history"  ("user_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ip" character varying(64) NOT NULL, "user_agent" character varying(512) NOT NULL, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "sessions_user" ON "sessions"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "recovery_codes" ("user_id" uuid NOT NULL, "code_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d07c335ded337e58c4f36f234d2" PRIMARY KEY ("user_id", "code_hash"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "two_factor" ("user_id" uuid NOT NULL, "sealed_secret" text NOT NULL, "enabled_at" TIMESTAMP WITH TIME ZONE, "last_step" bigint, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_162c7f53b41b84102a8e06eff18" PRIMARY KEY ("user_id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "two_factor"`);
    await queryRunner.query(`DROP TABLE "recovery_codes"`);
    await queryRunner.query(`DROP INDEX "public"."sessions_user"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."login_history_user"`);
    await queryRunner.query(`DROP TABLE "login_history"`);
  }
}
