import type { EntityManager } from 'typeorm';
import { recordAudit } from '../../platform/audit/audit-log';
import type { ServerContext } from '../../platform/modules/context';
import { toSql } from '../../kernel/money';
import type { MarketCatalog } from '../../markets/catalog';
import { EarnProduct } from './earn-product.entity';
import { refuseEarn } from './refusals';
import type { AdminEarnProductView, EarnProductChange, EarnProductView, NewEarnProduct } from './earn-schemas';

export const productView = (product: EarnProduct): EarnProductView => ({
  id: product.id,
  asset: product.asset,
  kind: product.kind,
  apy: toSql(product.apy),
  term_days: product.term_days,
  min_amount: toSql(product.min_amount),
  status: product.status,
});

/** What administrators offer: products listed publicly, created and changed with an audit entry each. */
export class EarnProducts {
  constructor(
    private readonly ctx: Pick<ServerContext, 'dataSource'>,
    private readonly catalog: MarketCatalog,
  ) {}

  /** The products traders may see (every one not closed), by asset, flexible first, shorter terms first. */
  async listed(): Promise<EarnProductView[]> {
    const products = await this.ctx.dataSource
      .getRepository(EarnProduct)
      .createQueryBuilder('p')
      .where("p.status <> 'closed'")
      .orderBy('p.asset')
      .addOrderBy('p.term_days', 'ASC', 'NULLS FIRST')
      .addOrderBy('p.created_at')
      .getMany();
    return products.map(productView);
  }

  /** Every product, with the principal its active positions hold and the interest credited to its positions. */
  async forAdmin(): Promise<AdminEarnProductView[]> {
    const rows: Array<EarnProduct & { placed: string; interest_paid: string; active_positions: number }> = await this
      .ctx.dataSource.query(`
        SELECT p.*, COALESCE(SUM(x.amount) FILTER (WHERE x.status = 'active'), 0)::text AS placed,
               COALESCE(SUM(x.accrued), 0)::text AS interest_paid,
               (COUNT(x.id) FILTER (WHERE x.status = 'active'))::int AS active_positions
          FROM earn_products p LEFT JOIN earn_positions x ON x.product_id = p.id
         GROUP BY p.id ORDER BY p.created_at, p.id`);
    return rows.map((row) => ({
      ...productView(row),
      placed: toSql(row.placed),
      interest_paid: toSql(row.interest_paid),
      active_positions: row.active_positions,
      created_at: new Date(row.created_at).toISOString(),
    }));
  }

  async create(adminId: string, product: NewEarnProduct): Promise<AdminEarnProductView> {
    if (!this.catalog.assets().includes(product.asset)) throw refuseEarn('earn-unknown-asset');
    const id = await this.ctx.dataSource.transaction(async (manager) => {
      const created = await manager.save(
        manager.create(EarnProduct, {
          asset: product.asset,
          kind: product.kind,
          apy: product.apy,
          term_days: product.term_days ?? null,
          min_amount: product.min_amount,
          status: product.status,
        }),
      );
      await audit(manager, adminId, 'earn_product.create', created);
      return created.id;
    });
    return this.adminView(id);
  }

  /** Status, APY and minimum change; the positions already held keep the APY they were subscribed at. */
  async change(adminId: string, id: string, change: EarnProductChange): Promise<AdminEarnProductView> {
    await this.ctx.dataSource.transaction(async (manager) => {
      const product = await manager.findOne(EarnProduct, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!product) throw refuseEarn('earn-product-not-found');
      Object.assign(product, Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)));
      await manager.save(product);
      await audit(manager, adminId, 'earn_product.update', product);
    });
    return this.adminView(id);
  }

  private async adminView(id: string): Promise<AdminEarnProductView> {
    return (await this.forAdmin()).find((product) => product.id === id)!;
  }
}

const audit = (manager: EntityManager, adminId: string, action: string, product: EarnProduct) =>
  recordAudit(manager, {
    adminId,
    action,
    targetType: 'earn_product',
    targetId: product.id,
    notes: `${product.asset} ${product.kind}${product.term_days ? ` ${product.term_days} days` : ''}: APY ${toSql(product.apy)}, minimum ${toSql(product.min_amount)}, ${product.status}`,
  });
