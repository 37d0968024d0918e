import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referrals (server/trading/referrals): every account gets a code others register with, and may
 * name the account that referred it, fixed at registration (a trigger refuses any later change).
 * Commissions are paid per trade and side once (their primary key), from a cursor per market
 * that starts at the trades already made: nobody was referred before this.
 */
export class Referrals1795820000000 implements MigrationInterface {
  name = 'Referrals1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Eight characters without look-alikes (no 0/O, 1/I): 32^8 codes. Codes are public, not secrets.
    await queryRunner.query(
      `CREATE FUNCTION new_referral_code() RETURNS varchar LANGUAGE sql VOLATILE AS $$
         SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + floor(random() * 32)::int, 1), '')
           FROM generate_series(1, 8)
       $$`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD "referral_code" character varying(16) NOT NULL DEFAULT new_referral_code()`,
    );
    await queryRunner.query(
      `DO $$ BEGIN
         WHILE EXISTS (SELECT 1 FROM users GROUP BY referral_code HAVING count(*) > 1) LOOP
           UPDATE users SET referral_code = new_referral_code()
            WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY referral_code ORDER BY id) AS n
                                           FROM users) d WHERE n > 1);
         END LOOP;
       END $$`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "users_referral_code" ON "users" ("referral_code")`);
    await queryRunner.query(`ALTER TABLE "users" ADD "referred_by" uuid`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_not_self_referred" CHECK ("referred_by" <> "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "users_referred_by" ON "users" ("referred_by") WHERE referred_by IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE FUNCTION users_referrer_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           RAISE EXCEPTION 'an account''s referrer is set at registration and never changes' USING ERRCODE = 'check_violation';
         END
       $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER users_referrer_fixed BEFORE UPDATE OF referred_by ON users
         FOR EACH ROW WHEN (OLD.referred_by IS DISTINCT FROM NEW.referred_by) EXECUTE FUNCTION users_referrer_fixed()`,
    );
    await queryRunner.query(
      `CREATE TABLE "referral_commissions" ("trade_id" uuid NOT NULL, "side" character varying(5) NOT NULL, "referrer_id" uuid NOT NULL, "referee_id" uuid NOT NULL, "symbol" character varying(20) NOT NULL, "fee" numeric(38,18) NOT NULL, "rate" numeric(8,6) NOT NULL, "commission" numeric(38,18) NOT NULL, "batch_id" uuid NOT NULL, "traded_at" TIMESTAMP WITH TIME ZONE NOT NULL, "paid_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_referral_commissions" PRIMARY KEY ("trade_id", "side"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "referral_commissions_referrer" ON "referral_commissions" ("referrer_id", "traded_at")`,
    );
    await queryRunner.query(
      `CREATE TABLE "referral_cursors" ("symbol" character varying(20) NOT NULL, "last_seq" bigint NOT NULL, CONSTRAINT "PK_referral_cursors" PRIMARY KEY ("symbol"))`,
    );
    await queryRunner.query(
      `INSERT INTO referral_cursors (symbol, last_seq)
       SELECT m.symbol, COALESCE((SELECT max(seq) FROM trades t WHERE t.symbol = m.symbol), 0) FROM markets m`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "referral_cursors"`);
    await queryRunner.query(`DROP TABLE "referral_commissions"`);
    await queryRunner.query(`DROP TRIGGER users_referrer_fixed ON users`);
    await queryRunner.query(`DROP FUNCTION users_referrer_fixed()`);
    await queryRunner.query(`DROP INDEX "public"."users_referred_by"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_not_self_referred"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "referred_by"`);
    await queryRunner.query(`DROP INDEX "public"."users_referral_code"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "referral_code"`);
    await queryRunner.query(`DROP FUNCTION new_referral_code()`);
  }
}
