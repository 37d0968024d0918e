/** 24h statistics strip of the trade screen. */
import type { Ticker } from '../api/types';
import { compact, cryptoPrice, millions, percent, signed } from '../format';
import { useMarkets } from '../markets';
import CoinIcon from './CoinIcon';

export default function TickerStrip({ symbol, ticker }: { symbol: string; ticker: Ticker | null }) {
  const info = useMarkets().info(symbol);
  const up = (ticker?.price_change ?? 0) >= 0;
  return (
    <div className="trade-panel ticker-strip" data-testid="ticker-strip">
      <div className="row">
        <CoinIcon symbol={symbol} />
        <div>
          <div className="symbol">{info.base}/USDT</div>
          <div className="muted small">{info.name}</div>
        </div>
      </div>
      <div className={`last num ${up ? 'up' : 'down'}`}>{ticker ? cryptoPrice(ticker.last_price) : '--'}</div>
      <div className="stat">
        <span className="label muted">24h Change</span>
        <span className={`num ${up ? 'up' : 'down'}`}>
          {ticker
            ? `${signed(ticker.price_change, ticker.last_price < 1 ? 4 : 2)} ${percent(ticker.price_change_percent)}`
            : '--'}
        </span>
      </div>
      <div className="stat">
        <span className="label muted">24h High</span>
        <span className="num">{ticker ? cryptoPrice(ticker.high) : '--'}</span>
      </div>
      <div className="stat">
        <span className="label muted">24h Low</span>
        <span className="num">{ticker ? cryptoPrice(ticker.low) : '--'}</span>
      </div>
      <div className="stat">
        <span className="label muted">24h Volume({info.base})</span>
        <span className="num">{ticker ? compact(ticker.volume) : '--'}</span>
      </div>
      <div className="stat">
        <span className="label muted">24h Volume(USDT)</span>
        <span className="num">{ticker ? millions(ticker.quote_volume) : '--'}</span>
      </div>
    </div>
  );
}
