import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order lists (Binance's OCO, OTO and OTOCO): a table of lists, each order's list, and a list's
 * pending orders (pending_new) among the open orders recovery reads.
 */
export class OrderLists1795770000000 implements MigrationInterface {
  name = 'OrderLists1795770000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "order_lists" ("id" BIGSERIAL NOT NULL, "user_id" uuid NOT NULL, "symbol" character varying(16) NOT NULL, "kind" character varying(8) NOT NULL, "client_list_id" character varying(36) NOT NULL, "status" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_5dcc09bd2c34ca747ee6aa89a9e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "order_lists_open_symbol" ON "order_lists" ("symbol") WHERE status = 'executing'`,
    );
    await queryRunner.query(`CREATE INDEX "order_lists_user_id" ON "order_lists" ("user_id", "id")`);
    // Nullable without a default: no table rewrite.
    await queryRunner.query(`ALTER TABLE "orders" ADD "list_id" bigint`);
    await queryRunner.query(`CREATE INDEX "orders_list" ON "orders" ("list_id") WHERE list_id IS NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."orders_open_symbol_seq"`);
    await queryRunner.query(
      `CREATE INDEX "orders_open_symbol_seq" ON "orders" ("symbol", "seq") WHERE status IN ('new', 'partially_filled', 'waiting', 'pending_new')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."orders_open_symbol_seq"`);
    await queryRunner.query(
      `CREATE INDEX "orders_open_symbol_seq" ON "orders" ("symbol", "seq") WHERE status IN ('new', 'partially_filled', 'waiting')`,
    );
    await queryRunner.query(`DROP INDEX "public"."orders_list"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "list_id"`);
    await queryRunner.query(`DROP INDEX "public"."order_lists_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."order_lists_open_symbol"`);
    await queryRunner.query(`DROP TABLE "order_lists"`);
  }
}
