import { MigrationInterface, QueryRunner } from 'typeorm';

/** The assets forex pairs were held as, named after the pair, and the currency each one was. */
const RENAMED: Array<[pair: string, currency: string]> = [
  ['EURUSD', 'EUR'],
  ['GBPUSD', 'GBP'],
  ['AUDUSD', 'AUD'],
];
/** Where USDJPY was never traded on the desk: the simulated feed's start. */
const USDJPY_SEED_PRICE = '148.5';

/**
 * Forex positions become the currencies themselves (server/trading/desk/README.md). A unit of the
 * old EURUSD, GBPUSD or AUDUSD asset was bought for its dollar price: it was one euro, pound or
 * Australian dollar, and moves, with its ledger entries, into its owner's account of that currency. A unit of the old USDJPY asset cost
 * the yen-per-dollar figure in dollars, which no currency is worth: each holding is closed back into
 * the dollars it was valued at, at the last price the desk traded USDJPY at, by a posting against the
 * house desk, so every account still equals its ledger and every asset still sums to zero.
 */
export class ForexCurrencies1795700000000 implements MigrationInterface {
  name = 'ForexCurrencies1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The accounts the closing postings touch, where some are missing.
    await queryRunner.query(
      `WITH "holders" AS (SELECT "user_id" FROM "accounts" WHERE "asset" = 'USDJPY' AND "user_id" IS NOT NULL AND "available" <> 0)
       INSERT INTO "accounts" ("user_id", "system", "asset")
         SELECT "user_id", NULL, 'USD' FROM "holders"
         UNION ALL SELECT NULL, 'house', v."asset" FROM (VALUES ('USD'), ('USDJPY')) v("asset") WHERE EXISTS (SELECT 1 FROM "holders")
       ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(
      `WITH "rate" AS (
         SELECT COALESCE((SELECT "price" FROM "instant_trades" WHERE "symbol" = 'USDJPY' ORDER BY "created_at" DESC LIMIT 1), $1::numeric) AS "price"
       ), "closed" AS MATERIALIZED (
         SELECT a."user_id", a."available" AS "units", ROUND(a."available" * "rate"."price", 18) AS "dollars", gen_random_uuid() AS "journal_id"
           FROM "accounts" a, "rate" WHERE a."user_id" IS NOT NULL AND a."asset" = 'USDJPY' AND a."available" <> 0
       ), "legs" AS MATERIALIZED (
         SELECT c."journal_id", a."id" AS "account_id", a."asset", -c."units" AS "amount"
           FROM "closed" c JOIN "accounts" a ON a."user_id" = c."user_id" AND a."asset" = 'USDJPY'
         UNION ALL SELECT c."journal_id", a."id", a."asset", c."dollars"
           FROM "closed" c JOIN "accounts" a ON a."user_id" = c."user_id" AND a."asset" = 'USD'
         UNION ALL SELECT c."journal_id", h."id", h."asset", c."units"
           FROM "closed" c JOIN "accounts" h ON h."system" = 'house' AND h."asset" = 'USDJPY'
         UNION ALL SELECT c."journal_id", h."id", h."asset", -c."dollars"
           FROM "closed" c JOIN "accounts" h ON h."system" = 'house' AND h."asset" = 'USD'
       ), "written" AS (
         INSERT INTO "ledger_entries" ("journal_id", "account_id", "asset", "available", "locked", "reason", "reference_type", "reference_id")
         SELECT "journal_id", "account_id", "asset", "amount", 0, 'forex_close', 'migration', $2 FROM "legs"
         RETURNING 1
       )
       UPDATE "accounts" SET "available" = "accounts"."available" + t."amount"
         FROM (SELECT "account_id", SUM("amount") AS "amount" FROM "legs" GROUP BY "account_id") t
        WHERE "accounts"."id" = t."account_id"`,
      [USDJPY_SEED_PRICE, this.name],
    );
    for (const [pair, currency] of RENAMED) await this.rename(queryRunner, pair, currency);
  }

  /** The renames go back; USDJPY holdings closed into dollars stay closed (that money moved). */
  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [pair, currency] of RENAMED) await this.rename(queryRunner, currency, pair);
  }

  /** Moves every account of one asset, with its ledger entries, into the same owner's account of another. */
  private async rename(queryRunner: QueryRunner, from: string, to: string) {
    await queryRunner.query(
      `INSERT INTO "accounts" ("user_id", "system", "asset") SELECT "user_id", "system", $2 FROM "accounts" WHERE "asset" = $1
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
    const pairs = `SELECT f."id" AS "from_id", t."id" AS "to_id", f."available", f."locked"
                     FROM "accounts" f JOIN "accounts" t ON t."asset" = $2
                      AND t."user_id" IS NOT DISTINCT FROM f."user_id" AND t."system" IS NOT DISTINCT FROM f."system"
                    WHERE f."asset" = $1`;
    await queryRunner.query(
      `UPDATE "ledger_entries" e SET "account_id" = p."to_id", "asset" = $2 FROM (${pairs}) p WHERE e."account_id" = p."from_id"`,
      [from, to],
    );
    await queryRunner.query(
      `UPDATE "accounts" a SET "available" = a."available" + p."available", "locked" = a."locked" + p."locked"
         FROM (${pairs}) p WHERE a."id" = p."to_id"`,
      [from, to],
    );
    await queryRunner.query(`DELETE FROM "accounts" WHERE "asset" = $1`, [from]);
  }
}
