import { z } from 'zod';
import { route } from './route';
import { MARKET_STATUSES } from '../../markets/market.entity';
import { bookMarketView } from '../../markets/book-market-view';
import type { MarketCatalog } from '../../markets/catalog';

/** Sizes and prices travel as decimal strings, exact as the catalog holds them. */
const decimal = z.string().regex(/^\d+(\.\d+)?$/);

const bookMarket = z.object({
  symbol: z.string(),
  display: z.string(),
  name: z.string(),
  base: z.string(),
  quote: z.string(),
  tick_size: decimal,
  lot_size: decimal,
  min_notional: decimal,
  seed_price: decimal,
  status: z.enum(MARKET_STATUSES).describe('trading; cancel_only: only cancels are taken; halted: no new orders'),
});

const forexPair = z.object({
  symbol: z.string(),
  display: z.string(),
  name: z.string(),
  base: z.string().describe('The currency a buy takes'),
  quote: z.string().describe('The currency a buy pays, and the price is in'),
  asset: z.string().describe('The currency other than the dollar: what a dollar account holds after trading the pair'),
  tick_size: decimal,
  lot_size: decimal,
  seed_price: decimal,
});

const catalog = z.object({
  markets: z.array(bookMarket).describe('Order-book markets, traded on the trade screen'),
  forex: z.array(forexPair).describe('Simulated forex pairs, traded on the simple screen only'),
  simple_screen: z
    .array(z.string())
    .describe('Symbols of the book markets the simple screen offers, in its order (it offers every forex pair too)'),
});

/** The catalog as listed now (administrators list markets and change their status while the server runs). */
const currentCatalog = (listing: MarketCatalog): z.infer<typeof catalog> => ({
  markets: listing.bookMarkets().map(bookMarketView),
  forex: listing.forexPairs().map((pair) => ({
    symbol: pair.symbol,
    display: pair.display,
    name: pair.name,
    base: pair.base,
    quote: pair.quote,
    asset: pair.asset,
    tick_size: pair.tickSize,
    lot_size: pair.lotSize,
    seed_price: pair.seedPrice,
  })),
  simple_screen: [...listing.simpleScreenMarkets()],
});

/** The markets the venue lists, for the client's pair lists and screens. */
export function marketsRoutes(listing: MarketCatalog) {
  return [
    route({
      method: 'get',
      path: '/markets',
      summary: 'The listed markets: order-book markets with their sizes, and forex pairs',
      tags: ['market data'],
      access: 'public',
      response: catalog,
      handler: async () => currentCatalog(listing),
    }),
  ];
}
