import type { EntityManager } from 'typeorm';
import { recordAudit } from '../audit/audit-log';
import type { ServerContext } from '../context';
import { badRequest, conflict, notFound } from '../http/errors';
import { money } from '../ledger/money';
import { assets, findBookMarket, findForexPair, shortestDecimal, type DefaultFeeRates } from './catalog';
import type { CatalogSync } from './catalog-sync';
import { MarketRow } from './market.entity';
import type { MarketChange, MarketView, NewMarket } from './market-schemas';

/** The ledger keeps 18 decimals: a fill's value (ticks x lots) must be exact in them. */
const LEDGER_DECIMALS = 18;
const decimalsOf = (value: string) => money(value).decimalPlaces();

/**
 * The administrator's side of the catalog: list new USDT pairs, halt or resume a market, set its
 * fees. Each change is written with its audit entry in one transaction, then every process's
 * catalog reloads (catalog-sync.ts); the books, the market maker and every list follow it.
 */
export class MarketAdministration {
  constructor(
    private readonly ctx: Pick<ServerContext, 'dataSource'>,
    private readonly catalog: CatalogSync,
    private readonly defaults: DefaultFeeRates,
  ) {}

  async list(): Promise<MarketView[]> {
    const rows = await this.ctx.dataSource.getRepository(MarketRow).find({ order: { listing: 'ASC' } });
    return rows.map((row) => this.view(row));
  }

  async listNew(adminId: string, market: NewMarket): Promise<MarketView> {
    if (market.symbol !== `${market.base_asset}USDT`)
      throw badRequest('The symbol must be the base asset followed by USDT');
    if (findBookMarket(market.symbol) || findForexPair(market.symbol)) throw conflict('Market already listed');
    // USDT is the dollar on the Binance-compatible surface (1 USDT = 1 USD), so never a coin of its own.
    if (market.base_asset === 'USDT' || assets().includes(market.base_asset))
      throw conflict('Another market already trades this asset');
    if (decimalsOf(market.tick_size) + decimalsOf(market.lot_size) > LEDGER_DECIMALS)
      throw badRequest(`The tick size and the lot size may have at most ${LEDGER_DECIMALS} decimals between them`);
    if (!money(market.reference_price).mod(market.tick_size).isZero())
      throw badRequest('The reference price must be a multiple of the tick size');
    const row = await this.change(adminId, 'market.list', async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(MarketRow)
        .values({
          symbol: market.symbol,
          kind: 'book',
          name: market.base_asset,
          base_asset: market.base_asset,
          tick_size: shortestDecimal(market.tick_size),
          lot_size: shortestDecimal(market.lot_size),
          min_notional: shortestDecimal(market.min_notional),
          reference_price: shortestDecimal(market.reference_price),
        })
        .orIgnore()
        .returning('*')
        .execute();
      // Two administrators listing the same symbol at once: the second finds it taken.
      const [created] = inserted.raw as MarketRow[];
      if (!created) throw conflict('Market already listed');
      return { row: created, notes: `listed ${created.symbol}` };
    });
    return this.view(row);
  }

  async update(adminId: string, symbol: string, change: MarketChange): Promise<MarketView> {
    const row = await this.change(adminId, 'market.update', async (manager) => {
      const current = await manager.findOne(MarketRow, { where: { symbol }, lock: { mode: 'pessimistic_write' } });
      if (!current || current.kind !== 'book') throw notFound('Market not found');
      const next = {
        status: change.status ?? current.status,
        maker_fee_rate: change.maker_fee_rate ?? current.maker_fee_rate,
        taker_fee_rate: change.taker_fee_rate ?? current.taker_fee_rate,
      };
      await manager.update(MarketRow, { id: current.id }, next);
      const notes = describeChange(this.view(current), this.view({ ...current, ...next }));
      return { row: { ...current, ...next }, notes };
    });
    return this.view(row);
  }

  /** Applies one change and audits it in one transaction; every process's catalog then reloads. */
  private async change(
    adminId: string,
    action: string,
    apply: (manager: EntityManager) => Promise<{ row: MarketRow; notes: string }>,
  ): Promise<MarketRow> {
    const row = await this.ctx.dataSource.transaction(async (manager) => {
      const { row: changed, notes } = await apply(manager);
      await recordAudit(manager, { adminId, action, targetType: 'market', targetId: changed.id, notes });
      return changed;
    });
    await this.catalog.changed();
    return row;
  }

  private view(row: MarketRow): MarketView {
    return {
      id: row.id,
      symbol: row.symbol,
      kind: row.kind,
      name: row.name,
      base_asset: row.base_asset,
      tick_size: shortestDecimal(row.tick_size),
      lot_size: shortestDecimal(row.lot_size),
      min_notional: shortestDecimal(row.min_notional),
      reference_price: shortestDecimal(row.reference_price),
      status: row.status,
      maker_fee_rate: shortestDecimal(row.maker_fee_rate ?? this.defaults.maker),
      taker_fee_rate: shortestDecimal(row.taker_fee_rate ?? this.defaults.taker),
      default_fees: row.maker_fee_rate === null && row.taker_fee_rate === null,
      listed_at: new Date(row.listed_at).toISOString(),
    };
  }
}

/** The audit entry's notes: each field that changed, "field: before -> after". */
function describeChange(before: MarketView, after: MarketView): string {
  const fields = ['status', 'maker_fee_rate', 'taker_fee_rate'] as const;
  const changed = fields.filter((field) => before[field] !== after[field]);
  if (changed.length === 0) return 'unchanged';
  return changed.map((field) => `${field}: ${before[field]} -> ${after[field]}`).join('; ');
}
