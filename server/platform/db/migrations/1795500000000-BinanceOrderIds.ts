import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the Binance-compatible API tells of orders and names them and trades by: a caller's own order
 * id (unique per user, only where one was given), a market buy's quote amount, whether a limit order
 * was post-only, and lookups by symbol and sequence number (Binance's orderId and trade id).
 */
export class BinanceOrderIds1795500000000 implements MigrationInterface {
  name = 'BinanceOrderIds1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "client_order_id" character varying(36)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "quote_amount" numeric(38,18)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "post_only" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "orders_user_client_order_id" ON "orders" ("user_id", "client_order_id") WHERE client_order_id IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "orders_user_symbol_seq" ON "orders" ("user_id", "symbol", "seq") `);
    await queryRunner.query(`CREATE INDEX "trades_symbol_seq" ON "trades" ("symbol", "seq") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."trades_symbol_seq"`);
    await queryRunner.query(`DROP INDEX "public"."orders_user_symbol_seq"`);
    await queryRunner.query(`DROP INDEX "public"."orders_user_client_order_id"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "post_only"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "quote_amount"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "client_order_id"`);
  }
}
