/** Left column of the trade screen: searchable pair list with live prices and local favorites. */
import { useMemo, useState } from 'react';
import type { Ticker } from '../api/types';
import { percent, price } from '../format';
import { MarketStatusBadge, useMarkets } from '../markets';
import { SearchIcon } from '../components/Icons';
import Tabs from '../components/Tabs';

const FAVORITES_KEY = 'favorites';
type Filter = 'favorites' | 'spot' | 'futures';

function readFavorites(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(FAVORITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export default function PairList({
  tickers,
  symbol,
  onSelect,
}: {
  tickers: Ticker[];
  symbol: string;
  onSelect: (symbol: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('spot');
  const [favorites, setFavorites] = useState<string[]>(readFavorites);
  const markets = useMarkets();

  const toggleFavorite = (pair: string) => {
    const next = favorites.includes(pair) ? favorites.filter((f) => f !== pair) : [...favorites, pair];
    setFavorites(next);
    localStorage.setItem(FAVORITES_KEY, JSON.stringify(next));
  };

  const rows = useMemo(() => {
    const query = search.trim().toUpperCase().replace('/', '');
    return markets.bookMarkets
      .map(
        (m) =>
          tickers.find((t) => t.symbol === m.symbol) ?? ({ symbol: m.symbol } as Partial<Ticker> & { symbol: string }),
      )
      .filter((t) => t.symbol.includes(query))
      .filter((t) => filter !== 'favorites' || favorites.includes(t.symbol));
  }, [markets, tickers, search, filter, favorites]);

  return (
    <div className="trade-panel pair-list">
      <div className="pair-search">
        <div className="input-group" style={{ padding: '0 8px' }}>
          <SearchIcon size={14} />
          <input
            aria-label="Search pairs"
            placeholder="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ textAlign: 'left', fontFamily: 'inherit', padding: '6px', fontSize: 12 }}
          />
        </div>
        <div style={{ marginTop: 6 }}>
          <Tabs
            variant="pill"
            active={filter}
            onChange={setFilter}
            items={[
              { key: 'favorites', label: '★ Favorites' },
              { key: 'spot', label: 'Spot' },
              { key: 'futures', label: 'Futures' },
            ]}
          />
        </div>
      </div>
      {filter === 'futures' ? (
        <div className="empty">Futures markets are coming soon</div>
      ) : (
        <table className="dense-table">
          <thead>
            <tr>
              <th>Pair</th>
              <th className="right">Price</th>
              <th className="right">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => {
              const change = t.price_change_percent ?? 0;
              return (
                <tr
                  key={t.symbol}
                  className={`pair-row${t.symbol === symbol ? ' active' : ''}`}
                  onClick={() => onSelect(t.symbol)}
                >
                  <td style={{ padding: '5px 12px' }}>
                    <button
                      type="button"
                      className={`star${favorites.includes(t.symbol) ? ' on' : ''}`}
                      aria-label={`Favorite ${t.symbol}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        toggleFavorite(t.symbol);
                      }}
                    >
                      ★
                    </button>
                    <b>{markets.info(t.symbol).base}</b>
                    <span className="muted">/USDT</span>{' '}
                    <MarketStatusBadge status={markets.bookMarket(t.symbol)?.status ?? 'trading'} quiet />
                  </td>
                  <td className="right num">
                    {t.last_price === undefined ? '--' : price(t.last_price, markets.priceStep(t.symbol))}
                  </td>
                  <td className={`right num ${change >= 0 ? 'up' : 'down'}`}>
                    {t.last_price === undefined ? '--' : percent(change)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {filter === 'favorites' && rows.length === 0 && <div className="empty">Star a pair to add it to Favorites</div>}
    </div>
  );
}
