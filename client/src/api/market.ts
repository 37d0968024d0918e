/**
 * Public market data from our own books. When our server cannot answer, each call falls back to
 * the public exchange's REST feed, converted to our shapes, so the market screens keep showing prices.
 */
import { request } from './client';
import type { Depth, Kline, Level, MarketTrade, Quote, Ticker } from './types';

const PUBLIC_FEED = 'https://api.binance.com/api/v3';

async function publicFeed<T>(path: string): Promise<T> {
  const response = await fetch(`${PUBLIC_FEED}${path}`);
  if (!response.ok) throw new Error(`public feed ${response.status}`);
  return (await response.json()) as T;
}

async function withFallback<T>(ours: () => Promise<T>, theirs: () => Promise<T>): Promise<T> {
  try {
    return await ours();
  } catch (ownError) {
    try {
      return await theirs();
    } catch {
      throw ownError;
    }
  }
}

interface PublicTicker {
  symbol: string;
  lastPrice: string;
  priceChange: string;
  priceChangePercent: string;
  highPrice: string;
  lowPrice: string;
  volume: string;
  quoteVolume: string;
}

function fromPublicTicker(t: PublicTicker): Ticker {
  return {
    symbol: t.symbol,
    last_price: Number(t.lastPrice),
    price_change: Number(t.priceChange),
    price_change_percent: Number(t.priceChangePercent),
    high: Number(t.highPrice),
    low: Number(t.lowPrice),
    volume: Number(t.volume),
    quote_volume: Number(t.quoteVolume),
  };
}

const toLevels = (levels: [string | number, string | number][]): Level[] =>
  levels.map(([price, qty]) => [Number(price), Number(qty)]);

/** Normalise numbers that may arrive as strings. */
export function normaliseTicker(t: Ticker): Ticker {
  return {
    ...t,
    last_price: Number(t.last_price),
    price_change: Number(t.price_change),
    price_change_percent: Number(t.price_change_percent),
    high: Number(t.high),
    low: Number(t.low),
    volume: Number(t.volume),
    quote_volume: Number(t.quote_volume),
  };
}

export function normaliseDepth(d: Depth): Depth {
  const levels = { bids: toLevels(d.bids ?? []), asks: toLevels(d.asks ?? []) };
  return d.last_update_id === undefined ? levels : { last_update_id: Number(d.last_update_id), ...levels };
}

export function normaliseTrade(t: MarketTrade): MarketTrade {
  return { ...t, price: Number(t.price), quantity: Number(t.quantity), time: Number(t.time) };
}

export function normaliseKline(k: Kline): Kline {
  return {
    time: Number(k.time),
    open: Number(k.open),
    high: Number(k.high),
    low: Number(k.low),
    close: Number(k.close),
    volume: Number(k.volume),
  };
}

export const marketApi = {
  ticker: (symbol: string) =>
    withFallback(
      () => request<Ticker>('GET', '/market/ticker', { query: { symbol }, auth: false }),
      () => publicFeed<PublicTicker>(`/ticker/24hr?symbol=${symbol}`).then(fromPublicTicker),
    ).then(normaliseTicker),

  tickers: () =>
    withFallback(
      () => request<Ticker[]>('GET', '/market/tickers', { auth: false }),
      () =>
        publicFeed<PublicTicker[]>('/ticker/24hr').then((all) =>
          all
            .filter((t) => t.symbol.endsWith('USDT'))
            .slice(0, 50)
            .map(fromPublicTicker),
        ),
    ).then((list) => list.map(normaliseTicker)),

  depth: (symbol: string, limit = 20) =>
    withFallback(
      () => request<Depth>('GET', '/market/depth', { query: { symbol, limit }, auth: false }),
      () =>
        publicFeed<{ bids: [string, string][]; asks: [string, string][] }>(
          `/depth?symbol=${symbol}&limit=${limit}`,
        ).then((d) => ({ bids: toLevels(d.bids), asks: toLevels(d.asks) })),
    ).then(normaliseDepth),

  trades: (symbol: string, limit = 50) =>
    withFallback(
      () => request<MarketTrade[]>('GET', '/market/trades', { query: { symbol, limit }, auth: false }),
      () =>
        publicFeed<{ id: number; price: string; qty: string; time: number; isBuyerMaker: boolean }[]>(
          `/trades?symbol=${symbol}&limit=${limit}`,
        ).then((list) =>
          list
            .map((t) => ({
              id: String(t.id),
              price: Number(t.price),
              quantity: Number(t.qty),
              time: t.time,
              is_buyer_maker: t.isBuyerMaker,
            }))
            .reverse(),
        ),
    ).then((list) => list.map(normaliseTrade)),

  klines: (symbol: string, interval = '15m', limit = 200) =>
    withFallback(
      () => request<Kline[]>('GET', '/market/klines', { query: { symbol, interval, limit }, auth: false }),
      () =>
        publicFeed<(string | number)[][]>(`/klines?symbol=${symbol}&interval=${interval}&limit=${limit}`).then((rows) =>
          rows.map((r) => ({
            time: Number(r[0]),
            open: Number(r[1]),
            high: Number(r[2]),
            low: Number(r[3]),
            close: Number(r[4]),
            volume: Number(r[5]),
          })),
        ),
    ).then((list) => list.map(normaliseKline)),

  quotes: () =>
    request<Quote[]>('GET', '/market/quotes', { auth: false }).then((list) =>
      list.map((q) => ({ ...q, price: Number(q.price) })),
    ),
};
