import { z } from 'zod';
import { route } from './route';
import { KLINE_INTERVALS, type KlineInterval } from '../../trading/market-data/candles';
import type { InstrumentQuotes } from '../../trading/market-data/instrument-quotes';
import type { MarketDataService } from '../../trading/market-data/market-data.service';
import type { MarketCatalog } from '../../markets/catalog';
import { bookMarketOf } from '../../trading/trading.service';
import { symbolParam } from '../../trading/market-data/market-symbol';

const limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const intervals = Object.keys(KLINE_INTERVALS) as [KlineInterval, ...KlineInterval[]];

const tickerResponse = z.object({
  symbol: z.string(),
  last_price: z.number(),
  price_change: z.number(),
  price_change_percent: z.number(),
  high: z.number(),
  low: z.number(),
  volume: z.number(),
  quote_volume: z.number(),
});
const level = z.tuple([z.number(), z.number()]);

/** Public market data of our own books, for the trade screen, the markets page and the simple screen. */
export function marketDataRoutes(marketData: MarketDataService, quotes: InstrumentQuotes, catalog: MarketCatalog) {
  return [
    route({
      method: 'get',
      path: '/market/ticker',
      summary: '24-hour statistics of one market',
      tags: ['market data'],
      access: 'public',
      query: z.object({ symbol: symbolParam }),
      response: tickerResponse,
      handler: ({ query }) => marketData.ticker(bookMarketOf(catalog, query.symbol)),
    }),
    route({
      method: 'get',
      path: '/market/tickers',
      summary: '24-hour statistics of every market',
      tags: ['market data'],
      access: 'public',
      response: z.array(tickerResponse),
      handler: () => marketData.tickers(),
    }),
    route({
      method: 'get',
      path: '/market/depth',
      summary:
        "Order book levels: [price, quantity], best first; last_update_id is the book's update id they are as of, which the market room's depth updates continue from",
      tags: ['market data'],
      access: 'public',
      query: z.object({ symbol: symbolParam, limit: limit(100, 20) }),
      response: z.object({ last_update_id: z.number().int(), bids: z.array(level), asks: z.array(level) }),
      handler: ({ query }) => marketData.depth(bookMarketOf(catalog, query.symbol), query.limit),
    }),
    route({
      method: 'get',
      path: '/market/trades',
      summary: 'Recent trades, newest first',
      tags: ['market data'],
      access: 'public',
      query: z.object({ symbol: symbolParam, limit: limit(500, 50) }),
      response: z.array(
        z.object({
          id: z.string(),
          price: z.number(),
          quantity: z.number(),
          time: z.number(),
          is_buyer_maker: z.boolean(),
        }),
      ),
      handler: ({ query }) => marketData.trades(bookMarketOf(catalog, query.symbol), query.limit),
    }),
    route({
      method: 'get',
      path: '/market/klines',
      summary: 'OHLCV candles, oldest first; time is the bucket opening in ms',
      tags: ['market data'],
      access: 'public',
      query: z.object({ symbol: symbolParam, interval: z.enum(intervals).default('15m'), limit: limit(1000, 200) }),
      response: z.array(
        z.object({
          time: z.number(),
          open: z.number(),
          high: z.number(),
          low: z.number(),
          close: z.number(),
          volume: z.number(),
        }),
      ),
      handler: ({ query }) => marketData.klines(bookMarketOf(catalog, query.symbol), query.interval, query.limit),
    }),
    route({
      method: 'get',
      path: '/market/quotes',
      summary:
        "Prices of the simple screen, crypto markets and forex pairs: the reference, and the house desk's bid (sells fill there) and ask (buys fill there)",
      tags: ['market data'],
      access: 'public',
      response: z.array(
        z.object({
          symbol: z.string(),
          name: z.string(),
          price: z.number(),
          bid: z.number().nullable().describe('Null while the desk buys nothing: its bid would round to 0 at the tick'),
          ask: z.number(),
          kind: z.enum(['crypto', 'forex']),
        }),
      ),
      handler: () => quotes.board(),
    }),
  ];
}
