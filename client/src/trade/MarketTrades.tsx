/** Latest public trades of the pair (30 shown). */
import type { MarketTrade } from '../api/types';
import { clockTime, price, quantity } from '../format';
import { useMarkets } from '../markets';

export const MARKET_TRADES_SHOWN = 30;

export default function MarketTrades({ trades, symbol }: { trades: MarketTrade[]; symbol: string }) {
  const markets = useMarkets();
  const { base } = markets.info(symbol);
  const [tick, lot] = [markets.priceStep(symbol), markets.lotStep(symbol)];
  return (
    <div className="trade-panel market-trades">
      <div className="panel-head">Market Trades</div>
      <table className="dense-table">
        <thead>
          <tr>
            <th>Price(USDT)</th>
            <th className="right">Amount({base})</th>
            <th className="right">Time</th>
          </tr>
        </thead>
        <tbody>
          {trades.slice(0, MARKET_TRADES_SHOWN).map((t) => (
            <tr key={t.id}>
              {/* A buyer-maker trade was an aggressive sell. */}
              <td className={`num ${t.is_buyer_maker ? 'down' : 'up'}`}>{price(t.price, tick)}</td>
              <td className="right num">{quantity(t.quantity, lot)}</td>
              <td className="right num muted">{clockTime(t.time)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {trades.length === 0 && <div className="empty">No trades yet</div>}
    </div>
  );
}
