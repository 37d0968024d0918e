import { MigrationInterface, QueryRunner } from 'typeorm';

/** The listenKeys of Binance's user data streams, one per API key at a time (see server/gateways/streams/user-data). */
export class ListenKeys1795600000000 implements MigrationInterface {
  name = 'ListenKeys1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "listen_keys" ("api_key_id" uuid NOT NULL, "listen_key" character varying(60) NOT NULL, "user_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a604e2b8f4bbe5f274f8ce583c7" PRIMARY KEY ("api_key_id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "listen_keys_listen_key" ON "listen_keys"  ("listen_key") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."listen_keys_listen_key"`);
    await queryRunner.query(`DROP TABLE "listen_keys"`);
  }
}
