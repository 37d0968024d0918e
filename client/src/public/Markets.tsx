/** Markets overview: live tickers of every market, searchable, grouped by tab, sortable by any column, each with its last day's line. */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { marketApi } from '../api/market';
import type { Ticker } from '../api/types';
import CoinIcon from '../components/CoinIcon';
import { SearchIcon } from '../components/Icons';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import Tabs from '../components/Tabs';
import Sparkline from './Sparkline';
import { millions, percent, price } from '../format';
import { MarketStatusBadge, useMarkets } from '../markets';
import { usePolling, useRealtime } from '../realtime/useRealtime';

type TabKey = 'all' | 'hot' | 'gainers' | 'losers' | 'volume';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'hot', label: 'Hot' },
  { key: 'gainers', label: 'Top Gainers' },
  { key: 'losers', label: 'Top Losers' },
  { key: 'volume', label: 'Volume' },
];
const MAX_SYMBOLS = 50;

/** Hot: most active by trade value and movement together. */
const heat = (t: Ticker) => t.quote_volume * (1 + Math.abs(t.price_change_percent) / 10);

function arrange(tickers: Ticker[], tab: TabKey): Ticker[] {
  const list = [...tickers];
  switch (tab) {
    case 'hot':
      return list.sort((a, b) => heat(b) - heat(a)).slice(0, 10);
    case 'gainers':
      return list
        .filter((t) => t.price_change_percent > 0)
        .sort((a, b) => b.price_change_percent - a.price_change_percent);
    case 'losers':
      return list
        .filter((t) => t.price_change_percent < 0)
        .sort((a, b) => a.price_change_percent - b.price_change_percent);
    case 'volume':
      return list.sort((a, b) => b.quote_volume - a.quote_volume);
    default:
      return list;
  }
}

/** The columns a click on their header sorts by, and each row's value there. */
const SORTABLE = {
  pair: { label: 'Pair', value: (t: Ticker) => t.symbol },
  last: { label: 'Last Price', value: (t: Ticker) => t.last_price },
  change: { label: '24h Change', value: (t: Ticker) => t.price_change_percent },
  high: { label: '24h High', value: (t: Ticker) => t.high },
  low: { label: '24h Low', value: (t: Ticker) => t.low },
  volume: { label: '24h Volume', value: (t: Ticker) => t.quote_volume },
} satisfies Record<string, { label: string; value: (t: Ticker) => string | number }>;
type SortKey = keyof typeof SORTABLE;
interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

function sorted(rows: Ticker[], sort: Sort | null): Ticker[] {
  if (!sort) return rows;
  const value = SORTABLE[sort.key].value;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return sign * (typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y));
  });
}

/** The last day of each market: 24 hourly candles, drawn from the first open through each close. */
const SPARK_INTERVAL = '1h';
const SPARK_CANDLES = 24;

function useSparklines(symbols: string[]): Record<string, number[]> {
  const [lines, setLines] = useState<Record<string, number[]>>({});
  const key = symbols.join(',');
  useEffect(() => {
    let cancelled = false;
    for (const symbol of key ? key.split(',') : []) {
      marketApi
        .klines(symbol, SPARK_INTERVAL, SPARK_CANDLES)
        .then((candles) => {
          if (cancelled || candles.length === 0) return;
          const closes = [candles[0].open, ...candles.map((c) => c.close)];
          setLines((shown) => ({ ...shown, [symbol]: closes }));
        })
        .catch((error) => console.warn('markets: candles unavailable', symbol, error));
    }
    return () => {
      cancelled = true;
    };
  }, [key]);
  return lines;
}

function SortHeader({ column, sort, onSort }: { column: SortKey; sort: Sort | null; onSort: (key: SortKey) => void }) {
  const active = sort?.key === column;
  return (
    <th
      className={column === 'pair' ? undefined : 'right'}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className={`sort-head${active ? ' active' : ''}`} onClick={() => onSort(column)}>
        {SORTABLE[column].label}
        <span aria-hidden="true" className="sort-arrow">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

const EMPTY_TEXT: Record<TabKey, string> = {
  all: 'No markets found',
  hot: 'No hot markets right now',
  gainers: 'No gainers right now',
  losers: 'No losers right now',
  volume: 'No markets found',
};

export default function Markets() {
  const navigate = useNavigate();
  const markets = useMarkets();
  const [tickers, setTickers] = useState<Ticker[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<TabKey>('all');
  const [sort, setSort] = useState<Sort | null>(null);
  // A first click sorts a column ascending, the next one descending.
  const onSort = (key: SortKey) =>
    setSort((current) => ({ key, direction: current?.key === key && current.direction === 'asc' ? 'desc' : 'asc' }));

  const refresh = () =>
    marketApi
      .tickers()
      .then((list) => setTickers(list.filter((t) => t.symbol.endsWith('USDT')).slice(0, MAX_SYMBOLS)))
      .catch((error) => console.warn('markets: tickers unavailable', error))
      .finally(() => setLoaded(true));

  useEffect(() => {
    void refresh();
  }, []);

  const connected = useRealtime(
    tickers.map((t) => t.symbol),
    {
      ticker: (update) => setTickers((list) => list.map((t) => (t.symbol === update.symbol ? { ...t, ...update } : t))),
    },
  );
  usePolling(refresh, 5000, !connected);

  const rows = useMemo(() => {
    const query = search.trim().toUpperCase();
    return sorted(
      arrange(
        tickers.filter((t) => t.symbol.includes(query.replace('/', ''))),
        tab,
      ),
      sort,
    );
  }, [tickers, search, tab, sort]);
  // Read once per list of markets: the tickers' updates keep the same symbols.
  const sparklines = useSparklines(tickers.map((t) => t.symbol));

  return (
    <div className="page">
      <SiteHeader />
      <main className="container section">
        <div className="row between wrap" style={{ marginBottom: 20, gap: 16 }}>
          <h1 style={{ fontSize: 32 }}>Markets Overview</h1>
          <div className="input-group" style={{ width: 280 }}>
            <SearchIcon size={16} />
            <input
              aria-label="Search markets"
              placeholder="Search markets..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ textAlign: 'left', fontFamily: 'inherit' }}
            />
          </div>
        </div>
        <Tabs items={TABS} active={tab} onChange={setTab} />
        <div className="card" style={{ marginTop: 16, padding: 8 }}>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  {(Object.keys(SORTABLE) as SortKey[]).map((column) => (
                    <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
                  ))}
                  <th className="right">Last 24h</th>
                  <th className="right">Action</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((t) => (
                  <tr key={t.symbol} className="clickable" onClick={() => navigate(`/trade?pair=${t.symbol}`)}>
                    <td>
                      <span className="row">
                        <CoinIcon symbol={t.symbol} size={24} />
                        <b>{markets.info(t.symbol).base}</b>
                        <span className="muted">/USDT</span>
                        <MarketStatusBadge status={markets.bookMarket(t.symbol)?.status ?? 'trading'} quiet />
                      </span>
                    </td>
                    <td className="right num">{price(t.last_price, markets.priceStep(t.symbol))}</td>
                    <td className={`right num ${t.price_change_percent >= 0 ? 'up' : 'down'}`}>
                      {percent(t.price_change_percent)}
                    </td>
                    <td className="right num">{price(t.high, markets.priceStep(t.symbol))}</td>
                    <td className="right num">{price(t.low, markets.priceStep(t.symbol))}</td>
                    <td className="right num">{millions(t.quote_volume)}</td>
                    <td className="right">
                      <Sparkline closes={sparklines[t.symbol] ?? []} label={`${t.symbol} over the last 24 hours`} />
                    </td>
                    <td className="right">
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost accent"
                        onClick={(e) => {
                          e.stopPropagation();
                          navigate(`/trade?pair=${t.symbol}`);
                        }}
                      >
                        Trade
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length === 0 && <div className="empty">{loaded ? EMPTY_TEXT[tab] : 'Loading markets...'}</div>}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
