/** 24h statistics strip of the trade screen. */
import type { Ticker } from '../api/types';
import { compact, decimalsOf, millions, percent, price, signed } from '../format';
import { useMarkets } from '../markets';
import CoinIcon from '../components/CoinIcon';

export default function TickerStrip({ symbol, ticker }: { symbol: string; ticker: Ticker | null }) {
  const markets = useMarkets();
  const info = markets.info(symbol);
  const tick = markets.priceStep(symbol);
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
      <div className={`last num ${up ? 'up' : 'down'}`}>{ticker ? price(ticker.last_price, tick) : '--'}</div>
      <div className="stat">
        <span className="label muted">24h Change</span>
        <span className={`num ${up ? 'up' : 'down'}`}>
          {ticker ? `${signed(ticker.price_change, decimalsOf(tick))} ${percent(ticker.price_change_percent)}` : '--'}
        </span>
      </div>
      <div className="stat">
        <span className="label muted">24h High</span>
        <span className="num">{ticker ? price(ticker.high, tick) : '--'}</span>
      </div>
      <div className="stat">
        <span className="label muted">24h Low</span>
        <span className="num">{ticker ? price(ticker.low, tick) : '--'}</span>
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
