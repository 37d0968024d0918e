import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Earn products a venue opens with, where it has none yet: flexible BTC and dollar savings,
 * ETH locked for 30 days and BNB for 90. Administrators pause, change or close them like any other;
 * a venue that already offers products is left as it is.
 */
export class EarnOpeningProducts1795850000000 implements MigrationInterface {
  name = 'EarnOpeningProducts1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO earn_products (asset, kind, apy, term_days, min_amount, status)
       SELECT * FROM (VALUES ('BTC', 'flexible', 0.052, NULL::integer, 0.001, 'open'),
                             ('ETH', 'locked', 0.078, 30, 0.01, 'open'),
                             ('BNB', 'locked', 0.125, 90, 0.1, 'open'),
                             ('USD', 'flexible', 0.08, NULL::integer, 10, 'open')) AS opening
        WHERE NOT EXISTS (SELECT 1 FROM earn_products)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Only the opening products no trader ever placed money in: positions keep their product.
    await queryRunner.query(
      `DELETE FROM earn_products p
        WHERE (asset, kind, apy, COALESCE(term_days, 0), min_amount) IN
              (('BTC', 'flexible', 0.052, 0, 0.001), ('ETH', 'locked', 0.078, 30, 0.01),
               ('BNB', 'locked', 0.125, 90, 0.1), ('USD', 'flexible', 0.08, 0, 10))
          AND NOT EXISTS (SELECT 1 FROM earn_positions x WHERE x.product_id = p.id)`,
    );
  }
}
