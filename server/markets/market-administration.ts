import type { EntityManager } from 'typeorm';
import { recordAudit } from '../platform/audit/audit-log';
import type { ServerContext } from '../platform/modules/context';
import { money } from '../kernel/money';
import { bookMarketOf, shortestDecimal, type BookMarket, type DefaultFeeRates, type MarketCatalog } from './catalog';
import type { CatalogSync } from './catalog-sync';
import { assertBookRules, listedBook, writeMarketChange } from './market-change';
import { MarketRow } from './market.entity';
import { refuseMarkets } from './refusals';
import { changesBookRules, type MarketChange, type MarketView, type NewMarket } from './market-schemas';

/** What administering a market asks of its book's owner (the trading service). */
export interface MarketBooks {
  /** Writes a change of the book's rules with the book's fresh snapshot; refused while the book holds an order. */
  changeBookRules(adminId: string, symbol: string, change: MarketChange): Promise<void>;
  /** Cancels every open order on the book, whoever placed it; resolves to how many there were. */
  cancelEveryOrderOnBook(symbol: string): Promise<number>;
}

/** Why the market maker could not quote a book market about to be listed; null when it could. */
export type QuotingCheck = (market: BookMarket) => string | null;

/**
 * The administrator's side of the catalog: list new USDT pairs, halt or resume a market, set its
 * fees. Each change is written with its audit entry in one transaction, then every process's
 * catalog reloads (catalog-sync.ts); the books, the market maker and every list follow it, and the
 * changed market's room is told at once (the trade screens open on it take or refuse orders).
 */
export class MarketAdministration {
  constructor(
    private readonly ctx: Pick<ServerContext, 'dataSource' | 'events'>,
    private readonly listing: MarketCatalog,
    private readonly catalog: CatalogSync,
    private readonly defaults: DefaultFeeRates,
    private readonly books: MarketBooks,
    private readonly quoting: QuotingCheck,
  ) {}

  async list(): Promise<MarketView[]> {
    const rows = await this.ctx.dataSource.getRepository(MarketRow).find({ order: { listing: 'ASC' } });
    return rows.map((row) => this.view(row));
  }

  async listNew(adminId: string, market: NewMarket): Promise<MarketView> {
    if (market.symbol !== `${market.base_asset}USDT`) throw refuseMarkets('symbol-not-base-usdt');
    if (this.listing.findBookMarket(market.symbol) || this.listing.findForexPair(market.symbol))
      throw refuseMarkets('market-exists');
    // USDT is the dollar on the Binance-compatible surface (1 USDT = 1 USD), so never a coin of its own.
    if (market.base_asset === 'USDT' || this.listing.assets().includes(market.base_asset))
      throw refuseMarkets('asset-traded');
    assertBookRules({
      symbol: market.symbol,
      tickSize: market.tick_size,
      lotSize: market.lot_size,
      minNotional: market.min_notional,
    });
    if (!money(market.reference_price).mod(market.tick_size).isZero()) throw refuseMarkets('reference-price-off-tick');
    const values = {
      symbol: market.symbol,
      kind: 'book' as const,
      name: market.base_asset,
      base_asset: market.base_asset,
      tick_size: shortestDecimal(market.tick_size),
      lot_size: shortestDecimal(market.lot_size),
      min_notional: shortestDecimal(market.min_notional),
      reference_price: shortestDecimal(market.reference_price),
    };
    // A market no ladder can quote would stand without quotes: refused before it is listed.
    const asListed = bookMarketOf(
      { ...values, simple_screen_rank: null, status: 'trading', maker_fee_rate: null, taker_fee_rate: null },
      this.defaults,
    );
    const shortfall = this.quoting(asListed);
    if (shortfall) throw refuseMarkets('market-unquotable', { shortfall });
    const row = await this.change(adminId, 'market.list', async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(MarketRow)
        .values(values)
        .orIgnore()
        .returning('*')
        .execute();
      // Two administrators listing the same symbol at once: the second finds it taken.
      const [created] = inserted.raw as MarketRow[];
      if (!created) throw refuseMarkets('market-exists');
      return { row: created, notes: `listed ${created.symbol}` };
    });
    return this.view(row);
  }

  /**
   * Status and fees are written here; a change of tick, lot or minimum order value goes to the
   * book's owner, which writes it the same way and refuses it unless the book holds no order.
   */
  async update(adminId: string, symbol: string, change: MarketChange): Promise<MarketView> {
    if (changesBookRules(change)) await this.books.changeBookRules(adminId, symbol, change);
    else await this.ctx.dataSource.transaction((manager) => writeMarketChange(manager, adminId, symbol, change));
    await this.catalog.changed();
    this.ctx.events.publish({ type: 'markets.market-changed', market: listedBook(this.listing, symbol) });
    return this.view(await this.ctx.dataSource.getRepository(MarketRow).findOneByOrFail({ symbol }));
  }

  /**
   * Cancels every open order on a halted or cancel-only market, each trader's holds released (what
   * empties a book before its tick or lot changes), and audits how many; answers that count.
   */
  async cancelOrders(adminId: string, symbol: string): Promise<{ canceled: number }> {
    if (listedBook(this.listing, symbol).status === 'trading') throw refuseMarkets('market-still-trading');
    const canceled = await this.books.cancelEveryOrderOnBook(symbol);
    const [row] = await this.ctx.dataSource.getRepository(MarketRow).findBy({ symbol });
    await recordAudit(this.ctx.dataSource.manager, {
      adminId,
      action: 'market.cancel_orders',
      targetType: 'market',
      targetId: row!.id,
      notes: `${canceled} open orders cancelled`,
    });
    return { canceled };
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
