/** Order book: 10 asks (highest first), the last price, 10 bids; Total is the level's value, bars show cumulative size. */
import type { Depth, Level } from '../api/types';
import { compact, cryptoPrice, quantity } from '../format';

const ROWS = 10;

function Side({
  levels,
  kind,
  maxTotal,
  onPick,
}: {
  levels: { price: number; qty: number; total: number }[];
  kind: 'bid' | 'ask';
  maxTotal: number;
  onPick: (price: number) => void;
}) {
  return (
    <tbody>
      {levels.map((l) => {
        const pct = maxTotal ? (l.total / maxTotal) * 100 : 0;
        const color = kind === 'bid' ? 'var(--up-bg)' : 'var(--down-bg)';
        return (
          <tr
            key={`${kind}-${l.price}`}
            className="book-row"
            onClick={() => onPick(l.price)}
            style={{ background: `linear-gradient(to left, ${color} ${pct}%, transparent ${pct}%)` }}
          >
            <td className={`num ${kind === 'bid' ? 'up' : 'down'}`}>{cryptoPrice(l.price)}</td>
            <td className="right num">{quantity(l.qty)}</td>
            <td className="right num">{compact(l.price * l.qty)}</td>
          </tr>
        );
      })}
    </tbody>
  );
}

function cumulate(levels: Level[]): { price: number; qty: number; total: number }[] {
  let running = 0;
  return levels.slice(0, ROWS).map(([price, qty]) => {
    running += qty;
    return { price, qty, total: running };
  });
}

export default function OrderBook({
  depth,
  lastPrice,
  change,
  onPickPrice,
  base,
}: {
  depth: Depth;
  lastPrice: number | null;
  change: number;
  onPickPrice: (price: number) => void;
  base: string;
}) {
  const asks = cumulate([...depth.asks].sort((a, b) => a[0] - b[0])).reverse();
  const bids = cumulate([...depth.bids].sort((a, b) => b[0] - a[0]));
  const maxTotal = Math.max(asks[0]?.total ?? 0, bids[bids.length - 1]?.total ?? 0);

  return (
    <div className="trade-panel" data-testid="order-book">
      <div className="panel-head">Order Book</div>
      <table className="dense-table book">
        <thead>
          <tr>
            <th>Price(USDT)</th>
            <th className="right">Amount({base})</th>
            <th className="right">Total(USDT)</th>
          </tr>
        </thead>
        <Side levels={asks} kind="ask" maxTotal={maxTotal} onPick={onPickPrice} />
      </table>
      <div className="book-mid">
        <span className={`num ${change >= 0 ? 'up' : 'down'}`}>
          {lastPrice === null ? '--' : cryptoPrice(lastPrice)}
        </span>
        <span className="muted small">Last price</span>
      </div>
      <table className="dense-table book">
        <Side levels={bids} kind="bid" maxTotal={maxTotal} onPick={onPickPrice} />
      </table>
      {asks.length === 0 && bids.length === 0 && <div className="empty">No orders in the book yet</div>}
    </div>
  );
}
