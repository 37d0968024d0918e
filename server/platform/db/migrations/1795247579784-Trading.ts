import { MigrationInterface, QueryRunner } from 'typeorm';

export class Trading1795247579784 implements MigrationInterface {
  name = 'Trading1795247579784';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "book_snapshots" ("symbol" character varying(16) NOT NULL, "seq" bigint NOT NULL, "snapshot" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0229be724dd9f802d2ef3e6bcdb" PRIMARY KEY ("symbol", "seq"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "book_states" ("symbol" character varying(16) NOT NULL, "seq" bigint NOT NULL, "state_hash" character varying(32) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_abd47338d1a428d68cf340f110b" PRIMARY KEY ("symbol"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "order_commands" ("symbol" character varying(16) NOT NULL, "seq" bigint NOT NULL, "command" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e279fcba7c427cdcce46955bede" PRIMARY KEY ("symbol", "seq"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "symbol" character varying(16) NOT NULL, "side" character varying(4) NOT NULL, "type" character varying(16) NOT NULL, "time_in_force" character varying(3) NOT NULL, "price" numeric(38,18), "stop_price" numeric(38,18), "amount" numeric(38,18) NOT NULL, "filled" numeric(38,18) NOT NULL DEFAULT '0', "quote_filled" numeric(38,18) NOT NULL DEFAULT '0', "reserved" numeric(38,18) NOT NULL DEFAULT '0', "status" character varying(16) NOT NULL, "seq" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "orders_symbol_status_seq" ON "orders"  ("symbol", "status", "seq") `);
    await queryRunner.query(`CREATE INDEX "orders_user_created" ON "orders"  ("user_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "trades" ("id" uuid NOT NULL, "symbol" character varying(16) NOT NULL, "seq" bigint NOT NULL, "price" numeric(38,18) NOT NULL, "amount" numeric(38,18) NOT NULL, "quote_amount" numeric(38,18) NOT NULL, "taker_side" character varying(4) NOT NULL, "maker_order_id" uuid NOT NULL, "taker_order_id" uuid NOT NULL, "maker_user_id" uuid NOT NULL, "taker_user_id" uuid NOT NULL, "maker_fee" numeric(38,18) NOT NULL, "taker_fee" numeric(38,18) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c6d7c36a837411ba5194dc58595" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "trades_taker_user_created" ON "trades"  ("taker_user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "trades_maker_user_created" ON "trades"  ("maker_user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "trades_symbol_created" ON "trades"  ("symbol", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."trades_symbol_created"`);
    await queryRunner.query(`DROP INDEX "public"."trades_maker_user_created"`);
    await queryRunner.query(`DROP INDEX "public"."trades_taker_user_created"`);
    await queryRunner.query(`DROP TABLE "trades"`);
    await queryRunner.query(`DROP INDEX "public"."orders_user_created"`);
    await queryRunner.query(`DROP INDEX "public"."orders_symbol_status_seq"`);
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`DROP TABLE "order_commands"`);
    await queryRunner.query(`DROP TABLE "book_states"`);
    await queryRunner.query(`DROP TABLE "book_snapshots"`);
  }
}
