import type { MarketSpec } from '../../engine';
import { money } from '../kernel/money';
import type { MarketRow, MarketStatus } from './market.entity';
import type { OpeningMarket } from '../platform/db/migrations/opening-markets';

/**
 * The instruments of the venue, as the `markets` table lists them. Pairs quoted in USDT settle in
 * the USD account (1 USDT = 1 USD here). Order-book markets trade on the matching engine; forex
 * pairs are simulated instruments traded only on the simple screen, where a buy takes the base
 * currency and pays the quote currency, as on an FX desk (server/trading/desk/README.md).
 *
 * Every process holds one catalog (it serves one database): loaded at start and replaced whenever
 * an administrator changes a market (catalog-sync.ts), so the lookups below are synchronous.
 */
export interface BookMarket extends MarketSpec {
  kind: 'crypto';
  symbol: string;
  /** The slash form used in order queries, e.g. BTC/USDT. */
  display: string;
  name: string;
  base: string;
  /** The account the quote side settles in. */
  quote: 'USD';
  /** Where the simulated reference price starts. */
  seedPrice: string;
  status: MarketStatus;
  /** Fractions of a fill's value, as decimal strings: the market's own, or the venue's defaults. */
  makerFeeRate: string;
  takerFeeRate: string;
  /** The market's own rates, where an operator set them (null: the venue's defaults): the least a fee tier charges here. */
  ownMakerFeeRate?: string | null;
  ownTakerFeeRate?: string | null;
}

export interface ForexPair {
  kind: 'forex';
  symbol: string;
  display: string;
  name: string;
  /** The currency a buy takes; the price is how much of the quote currency one unit of it costs. */
  base: string;
  quote: string;
  /** The pair's currency other than the dollar: what a dollar account holds after trading it. */
  asset: string;
  tickSize: string;
  lotSize: string;
  seedPrice: string;
}

export const USD = 'USD';

/** The fee rates a market without its own charges. */
export interface DefaultFeeRates {
  maker: string;
  taker: string;
}

/** What the catalog reads of a markets row. */
export type CatalogRow = OpeningMarket & Pick<MarketRow, 'status' | 'maker_fee_rate' | 'taker_fee_rate'>;

/** A numeric column as the shortest decimal string ('0.010000' -> '0.01'). */
export const shortestDecimal = (value: string) => money(value).toFixed();

export function bookMarketOf(row: CatalogRow, defaults: DefaultFeeRates): BookMarket {
  return {
    kind: 'crypto',
    symbol: row.symbol,
    display: `${row.base_asset}/USDT`,
    name: row.name,
    base: row.base_asset,
    quote: USD,
    tickSize: shortestDecimal(row.tick_size),
    lotSize: shortestDecimal(row.lot_size),
    minNotional: shortestDecimal(row.min_notional),
    seedPrice: shortestDecimal(row.reference_price),
    status: row.status,
    makerFeeRate: shortestDecimal(row.maker_fee_rate ?? defaults.maker),
    takerFeeRate: shortestDecimal(row.taker_fee_rate ?? defaults.taker),
    ownMakerFeeRate: row.maker_fee_rate === null ? null : shortestDecimal(row.maker_fee_rate),
    ownTakerFeeRate: row.taker_fee_rate === null ? null : shortestDecimal(row.taker_fee_rate),
  };
}

export function forexPairOf(row: CatalogRow): ForexPair {
  const base = row.base_asset;
  const quote = row.symbol.slice(base.length);
  return {
    kind: 'forex',
    symbol: row.symbol,
    display: `${base}/${quote}`,
    name: row.name,
    base,
    quote,
    asset: base === USD ? quote : base,
    tickSize: shortestDecimal(row.tick_size),
    lotSize: shortestDecimal(row.lot_size),
    seedPrice: shortestDecimal(row.reference_price),
  };
}

interface Listing {
  books: readonly BookMarket[];
  forex: readonly ForexPair[];
  simpleScreen: readonly string[];
  assets: readonly string[];
}

/** 'BTC/USDT', 'btcusdt' and 'BTCUSDT' all name the same market. */
export const normalizeSymbol = (symbol: string) => symbol.replace('/', '').trim().toUpperCase();

/** This process's listing of the markets (one per process: it serves one database). */
export class MarketCatalog {
  private listing: Listing = { books: [], forex: [], simpleScreen: [], assets: [USD] };
  private readonly listeners = new Set<() => void>();

  /** Takes the markets table's rows (in listing order) as the catalog, and tells every listener. */
  replace(rows: readonly CatalogRow[], defaults: DefaultFeeRates): void {
    const books = rows.filter((row) => row.kind === 'book').map((row) => bookMarketOf(row, defaults));
    const forex = rows.filter((row) => row.kind === 'forex').map(forexPairOf);
    const simpleScreen = rows
      .filter((row) => row.kind === 'book' && row.simple_screen_rank !== null)
      .sort((a, b) => a.simple_screen_rank! - b.simple_screen_rank!)
      .map((row) => row.symbol);
    const assets = [USD, ...books.map((m) => m.base), ...forex.map((p) => p.asset)];
    this.listing = { books, forex, simpleScreen, assets };
    for (const listener of this.listeners) listener();
  }

  /** Called after each change of the catalog, until the function returned is called. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The order-book markets, in the order they were listed. */
  bookMarkets(): readonly BookMarket[] {
    return this.listing.books;
  }

  forexPairs(): readonly ForexPair[] {
    return this.listing.forex;
  }

  /**
   * The book markets the simple buy/sell screen offers, in the order it lists them; it offers every
   * forex pair as well. The trade screen offers every book market.
   */
  simpleScreenMarkets(): readonly string[] {
    return this.listing.simpleScreen;
  }

  /** Every asset an account can hold. */
  assets(): readonly string[] {
    return this.listing.assets;
  }

  findBookMarket(symbol: string): BookMarket | undefined {
    const bare = normalizeSymbol(symbol);
    return this.listing.books.find((m) => m.symbol === bare);
  }

  findForexPair(symbol: string): ForexPair | undefined {
    const bare = normalizeSymbol(symbol);
    return this.listing.forex.find((p) => p.symbol === bare);
  }
}
