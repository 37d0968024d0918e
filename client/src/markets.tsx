/**
 * The markets the venue lists, read from /api/markets (and again every REFRESH_MS: administrators
 * list markets and halt them while the screens are open) and shared with every screen through
 * MarketsProvider and useMarkets(). A market whose room a screen has joined is replaced at once
 * when an administrator changes it (the `market` push). Only the coins' colours are the client's own.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { marketsApi } from './api/endpoints';
import type { BookMarket, ForexPair, MarketCatalog, MarketStatus } from './api/types';
import Loading from './components/Loading';
import { useRealtime } from './realtime/useRealtime';

export const DEFAULT_PAIR = 'BTCUSDT';

/** Presentation: each coin's brand colour, grey for any other. */
const COIN_COLORS: Record<string, string> = {
  BTC: '#F7931A',
  ETH: '#627EEA',
  BNB: '#F0B90B',
  SOL: '#9945FF',
  XRP: '#23A8E0',
  ADA: '#3468D1',
  USDT: '#26A17B',
};
const OTHER_COIN_COLOR = '#848E9C';

/** Forex quotes show 4 decimals; a figure of a market we do not list, 2. */
const FOREX_PRICE_STEP = '0.0001';
const CENTS = '0.01';

/** While the catalog cannot be read the screens show empty lists, and it is asked for again. */
const RETRY_MS = 5000;
/** How often a catalog read is refreshed: new pairs and a halted market's state show within this. */
const REFRESH_MS = 10_000;

export interface MarketInfo {
  symbol: string;
  base: string;
  name: string;
  color: string;
}

export interface Markets {
  /** The order-book markets, in the catalog's order. */
  bookMarkets: BookMarket[];
  forexPairs: ForexPair[];
  /** The book markets the simple screen offers, in its order (it offers every forex pair too). */
  simpleScreen: BookMarket[];
  bookMarket(symbol: string): BookMarket | undefined;
  forexPair(symbol: string): ForexPair | undefined;
  /** Name, base and colour of a book market; a symbol we do not list is named after its base. */
  info(symbol: string): MarketInfo;
  /** The step the market's prices are shown in: a book market's tick, 4 decimals for forex. */
  priceStep(symbol: string): string;
  /** The step the market's amounts are shown in: its lot. */
  lotStep(symbol: string): string;
  /** The currency a market's prices and totals are in: dollars, or a forex pair's quote (JPY for USDJPY). */
  quoteCurrency(symbol: string): string;
  /** The step an amount held of an asset is shown in: a coin's lot; dollars and other currencies in cents. */
  assetStep(asset: string): string;
}

function marketsOf(catalog: MarketCatalog): Markets {
  const bookMarket = (symbol: string) => catalog.markets.find((m) => m.symbol === symbol);
  const forexPair = (symbol: string) => catalog.forex.find((p) => p.symbol === symbol);
  const colorOf = (base: string) => COIN_COLORS[base] ?? OTHER_COIN_COLOR;
  return {
    bookMarkets: catalog.markets,
    forexPairs: catalog.forex,
    simpleScreen: catalog.simple_screen.flatMap((symbol) => bookMarket(symbol) ?? []),
    bookMarket,
    forexPair,
    priceStep: (symbol) => bookMarket(symbol)?.tick_size ?? (forexPair(symbol) ? FOREX_PRICE_STEP : CENTS),
    lotStep: (symbol) => bookMarket(symbol)?.lot_size ?? forexPair(symbol)?.lot_size ?? CENTS,
    quoteCurrency: (symbol) => forexPair(symbol)?.quote ?? 'USD',
    assetStep: (asset) => catalog.markets.find((m) => m.base === asset)?.lot_size ?? CENTS,
    info(symbol) {
      const known = bookMarket(symbol);
      if (known) return { symbol, base: known.base, name: known.name, color: colorOf(known.base) };
      const base = symbol.replace(/USDT$|USD$/, '') || symbol;
      return { symbol, base, name: base, color: colorOf(base) };
    },
  };
}

const NO_MARKETS: MarketCatalog = { markets: [], forex: [], simple_screen: [] };

const MarketsContext = createContext<Markets | null>(null);

/** Shows the loading screen until the catalog first answers (or fails), then the screens. */
export function MarketsProvider({ children }: { children: ReactNode }) {
  const [catalog, setCatalog] = useState<MarketCatalog | null>(null);
  const markets = useMemo(() => catalog && marketsOf(catalog), [catalog]);

  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A catalog read that changed nothing keeps the same object, so the screens' effects do not rerun.
    // A read older than a push (another server process may not have reloaded yet) is the last one
    // read, so it changes nothing either.
    let shown = '';
    const load = () => {
      marketsApi
        .catalog()
        .then((read) => {
          if (stopped) return;
          const text = JSON.stringify(read);
          if (text !== shown) setCatalog(read);
          shown = text;
          retry = setTimeout(load, REFRESH_MS);
        })
        .catch((error: unknown) => {
          if (stopped) return;
          console.warn('markets: catalog unavailable, retrying', error);
          setCatalog((current) => current ?? NO_MARKETS);
          retry = setTimeout(load, RETRY_MS);
        });
    };
    load();
    return () => {
      stopped = true;
      clearTimeout(retry);
    };
  }, []);

  // Sent to the rooms the screens have joined (the trade screen's market), as the catalog lists the market.
  useRealtime([], {
    market: (changed) =>
      setCatalog(
        (current) =>
          current && {
            ...current,
            markets: current.markets.map((market) => (market.symbol === changed.symbol ? changed : market)),
          },
      ),
  });

  if (!markets) return <Loading />;
  return <MarketsContext.Provider value={markets}>{children}</MarketsContext.Provider>;
}

export function useMarkets(): Markets {
  const markets = useContext(MarketsContext);
  if (!markets) throw new Error('useMarkets outside MarketsProvider');
  return markets;
}

const STATUS_LABELS: Record<MarketStatus, string> = {
  trading: 'Trading',
  cancel_only: 'Cancel-only',
  halted: 'Halted',
};
const STATUS_TONES: Record<MarketStatus, string> = { trading: 'up', cancel_only: 'warn', halted: 'down' };

/** Why a market takes no new orders now, as the server words its refusal; null while it trades. */
export function closedReason(status: MarketStatus | undefined): string | null {
  if (status === 'halted') return 'Market is halted';
  return status === 'cancel_only' ? 'Market is in cancel-only mode' : null;
}

/** A market's status; `quiet` shows nothing for a market that trades (the usual case on traders' screens). */
export function MarketStatusBadge({ status, quiet = false }: { status: MarketStatus; quiet?: boolean }) {
  if (quiet && status === 'trading') return null;
  return (
    <span className={`badge ${STATUS_TONES[status]}`} data-testid="market-status">
      {STATUS_LABELS[status]}
    </span>
  );
}
