/**
 * Order book: 10 asks (highest first), the last price, 10 bids; Total is the level's value, bars show
 * cumulative size. A thin book leaves blank rows on the far side of the last price, so the panel
 * keeps its height and the last price its place. Fed by useLiveBook (best first); each row carries
 * its exact price and amount, and the book the update id it is as of, for anyone reading the page
 * (tests, scrapers).
 */
import type { Level } from '../api/types';
import type { LiveBook } from './book/useLiveBook';
import { compact, price, quantity } from '../format';
import { useMarkets } from '../markets';

export const BOOK_ROWS = 10;

function Side({
  levels,
  kind,
  maxTotal,
  onPick,
  steps,
}: {
  levels: { price: number; qty: number; total: number }[];
  kind: 'bid' | 'ask';
  maxTotal: number;
  onPick: (price: number) => void;
  steps: { tick: string; lot: string };
}) {
  const blanks = Array.from({ length: Math.max(0, BOOK_ROWS - levels.length) }, (_, i) => (
    <tr key={`${kind}-blank-${i}`} className="book-blank" aria-hidden="true">
      <td colSpan={3}>&nbsp;</td>
    </tr>
  ));
  return (
    <tbody>
      {kind === 'ask' && blanks}
      {levels.map((l) => {
        const pct = maxTotal ? (l.total / maxTotal) * 100 : 0;
        const color = kind === 'bid' ? 'var(--up-bg)' : 'var(--down-bg)';
        return (
          <tr
            key={`${kind}-${l.price}`}
            className="book-row"
            data-price={l.price}
            data-quantity={l.qty}
            onClick={() => onPick(l.price)}
            style={{ background: `linear-gradient(to left, ${color} ${pct}%, transparent ${pct}%)` }}
          >
            <td className={`num ${kind === 'bid' ? 'up' : 'down'}`}>{price(l.price, steps.tick)}</td>
            <td className="right num">{quantity(l.qty, steps.lot)}</td>
            <td className="right num">{compact(l.price * l.qty)}</td>
          </tr>
        );
      })}
      {kind === 'bid' && blanks}
    </tbody>
  );
}

function cumulate(levels: Level[]): { price: number; qty: number; total: number }[] {
  let running = 0;
  return levels.map(([price, qty]) => {
    running += qty;
    return { price, qty, total: running };
  });
}

export default function OrderBook({
  book,
  lastPrice,
  change,
  onPickPrice,
  symbol,
}: {
  book: LiveBook;
  lastPrice: number | null;
  change: number;
  onPickPrice: (price: number) => void;
  symbol: string;
}) {
  const markets = useMarkets();
  const { base } = markets.info(symbol);
  const steps = { tick: markets.priceStep(symbol), lot: markets.lotStep(symbol) };
  const asks = cumulate(book.asks).reverse();
  const bids = cumulate(book.bids);
  const maxTotal = Math.max(asks[0]?.total ?? 0, bids[bids.length - 1]?.total ?? 0);

  return (
    <div className="trade-panel" data-testid="order-book" data-update-id={book.updateId ?? undefined}>
      <div className="panel-head">Order Book</div>
      <table className="dense-table book">
        <thead>
          <tr>
            <th>Price(USDT)</th>
            <th className="right">Amount({base})</th>
            <th className="right">Total(USDT)</th>
          </tr>
        </thead>
        <Side levels={asks} kind="ask" maxTotal={maxTotal} onPick={onPickPrice} steps={steps} />
      </table>
      <div className="book-mid">
        <span className={`num ${change >= 0 ? 'up' : 'down'}`}>
          {lastPrice === null ? '--' : price(lastPrice, steps.tick)}
        </span>
        <span className="muted small">Last price</span>
      </div>
      <table className="dense-table book">
        <Side levels={bids} kind="bid" maxTotal={maxTotal} onPick={onPickPrice} steps={steps} />
      </table>
      {asks.length === 0 && bids.length === 0 && <div className="empty">No orders in the book yet</div>}
    </div>
  );
}
