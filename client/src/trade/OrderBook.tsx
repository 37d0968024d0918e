/**
 * Order book: 10 asks (highest first), the last price, 10 bids, or 20 levels of one side; prices
 * grouped by a multiple of the tick (book/grouping). Total is the level's value; each row's bar
 * is the cumulative amount from the best price to it, and hovering a row shows those sums. Under
 * the book, the share of bids and asks in the levels of both sides shown; the trader's own resting
 * orders are marked at their levels. A thin book leaves blank rows on the far side of the last
 * price, so the panel keeps its height and the last price its place. Fed by useLiveBook (best
 * first); each row carries its exact price, amount and cumulative amount, and the book the update
 * id it is as of, for anyone reading the page (tests, scrapers).
 */
import { useState } from 'react';
import type { Level, Order } from '../api/types';
import type { LiveBook } from './book/useLiveBook';
import { BookRatio } from './book/BookRatio';
import { SumTip, type Hovered } from './book/SumTip';
import { GROUP_FACTORS, groupLevels, groupPrice, stepLabel, type BookSide } from './book/grouping';
import { bareSymbol, compact, price, quantity } from '../format';
import { useMarkets } from '../markets';
import './book/book.css';

const BOOK_ROWS = 10;
/** Levels a side the screen keeps: every one a snapshot brings, so a coarse grouping still fills its rows. */
export const BOOK_LEVELS = 100;
/** Every book market is quoted in USDT. */
const QUOTE = 'USDT';

type View = 'both' | 'bids' | 'asks';
const VIEWS: { key: View; label: string }[] = [
  { key: 'both', label: 'Bids and asks' },
  { key: 'bids', label: 'Bids only' },
  { key: 'asks', label: 'Asks only' },
];

export type Row = { price: number; qty: number; sum: number; value: number; own: boolean };

function Side({
  rows,
  shown,
  kind,
  maxSum,
  hovered,
  onHover,
  onPick,
  steps,
}: {
  rows: Row[];
  shown: number;
  kind: BookSide;
  maxSum: number;
  hovered: Hovered | null;
  onHover: (hovered: Hovered | null) => void;
  onPick: (price: number) => void;
  steps: { tick: string; lot: string };
}) {
  const blanks = Array.from({ length: Math.max(0, shown - rows.length) }, (_, i) => (
    <tr key={`${kind}-blank-${i}`} className="book-blank" aria-hidden="true">
      <td colSpan={3}>&nbsp;</td>
    </tr>
  ));
  // Asks are listed highest first: the best is at the bottom, next to the last price.
  const ordered = kind === 'ask' ? [...rows].reverse() : rows;
  const reach = hovered?.kind === kind ? hovered.index : -1;
  return (
    <tbody>
      {kind === 'ask' && blanks}
      {ordered.map((l, i) => {
        const index = kind === 'ask' ? rows.length - 1 - i : i;
        const pct = maxSum ? (l.sum / maxSum) * 100 : 0;
        const color = kind === 'bid' ? 'var(--up-bg)' : 'var(--down-bg)';
        return (
          <tr
            key={`${kind}-${l.price}`}
            className={`book-row${index <= reach ? ' in-sum' : ''}`}
            data-price={l.price}
            data-quantity={l.qty}
            data-cumulative={l.sum}
            data-own={l.own || undefined}
            onClick={() => onPick(l.price)}
            onMouseEnter={(event) => onHover({ kind, index, rect: event.currentTarget.getBoundingClientRect() })}
            onMouseLeave={() => onHover(null)}
            style={{ background: `linear-gradient(to left, ${color} ${pct}%, transparent ${pct}%)` }}
          >
            <td className={`num ${kind === 'bid' ? 'up' : 'down'}`}>
              {l.own && <span className="own-mark" title="Your order here" aria-label="Your order here" />}
              {price(l.price, steps.tick)}
            </td>
            <td className="right num">{quantity(l.qty, steps.lot)}</td>
            <td className="right num">{compact(l.price * l.qty)}</td>
          </tr>
        );
      })}
      {kind === 'bid' && blanks}
    </tbody>
  );
}

/** A side's rows, best first, with the running sums from the best price and the user's levels marked. */
function cumulate(levels: Level[], own: Set<number>): Row[] {
  let sum = 0;
  let value = 0;
  return levels.map(([price, qty]) => {
    sum += qty;
    value += price * qty;
    return { price, qty, sum, value, own: own.has(price) };
  });
}

export default function OrderBook({
  book,
  lastPrice,
  change,
  onPickPrice,
  symbol,
  openOrders,
}: {
  book: LiveBook;
  lastPrice: number | null;
  change: number;
  onPickPrice: (price: number) => void;
  symbol: string;
  /** The user's open orders (any pair's): those resting on this book are marked. */
  openOrders: Order[];
}) {
  const markets = useMarkets();
  const { base } = markets.info(symbol);
  const steps = { tick: markets.priceStep(symbol), lot: markets.lotStep(symbol) };
  const [view, setView] = useState<View>('both');
  // A grouping is the pair's: another pair starts at its own tick.
  const [grouping, setGrouping] = useState({ symbol, factor: 1 });
  const factor = grouping.symbol === symbol ? grouping.factor : 1;
  const [hovered, setHovered] = useState<Hovered | null>(null);

  const ownOn = (side: BookSide) =>
    new Set(
      openOrders
        .filter((o) => bareSymbol(o.symbol) === symbol && o.price !== null && (o.side === 'buy') === (side === 'bid'))
        .filter((o) => o.status === 'new' || o.status === 'partially_filled')
        .map((o) => groupPrice(o.price!, side, steps.tick, factor)),
    );
  const shown = view === 'both' ? BOOK_ROWS : 2 * BOOK_ROWS;
  const side = (levels: Level[], kind: BookSide) =>
    cumulate(groupLevels(levels, kind, steps.tick, steps.lot, factor).slice(0, shown), ownOn(kind));
  const bids = side(book.bids, 'bid');
  const asks = side(book.asks, 'ask');
  const showBids = view !== 'asks';
  const showAsks = view !== 'bids';
  const maxSum = Math.max(showAsks ? (asks.at(-1)?.sum ?? 0) : 0, showBids ? (bids.at(-1)?.sum ?? 0) : 0);
  const rows = { maxSum, hovered, onHover: setHovered, onPick: onPickPrice, steps, shown };
  const hoveredRow = hovered && (hovered.kind === 'bid' ? bids : asks)[hovered.index];

  return (
    <div className="trade-panel order-book" data-testid="order-book" data-update-id={book.updateId ?? undefined}>
      <div className="panel-head">
        <span>Order Book</span>
        <div className="book-tools">
          {VIEWS.map((v) => (
            <button
              key={v.key}
              type="button"
              className={`book-view book-view-${v.key}`}
              aria-label={v.label}
              title={v.label}
              aria-pressed={view === v.key}
              onClick={() => setView(v.key)}
            >
              <span />
              <span />
            </button>
          ))}
          <select
            className="book-grouping"
            aria-label="Price grouping"
            value={factor}
            onChange={(event) => setGrouping({ symbol, factor: Number(event.target.value) })}
          >
            {GROUP_FACTORS.map((f) => (
              <option key={f} value={f}>
                {stepLabel(steps.tick, f)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <table className="dense-table book">
        <thead>
          <tr>
            <th>Price({QUOTE})</th>
            <th className="right">Amount({base})</th>
            <th className="right">Total({QUOTE})</th>
          </tr>
        </thead>
        {showAsks && <Side rows={asks} kind="ask" {...rows} />}
      </table>
      <div className="book-mid">
        <span className={`num ${change >= 0 ? 'up' : 'down'}`}>
          {lastPrice === null ? '--' : price(lastPrice, steps.tick)}
        </span>
        <span className="muted small">Last price</span>
      </div>
      {showBids && (
        <table className="dense-table book">
          <Side rows={bids} kind="bid" {...rows} />
        </table>
      )}
      {asks.length === 0 && bids.length === 0 && <div className="empty">No orders in the book yet</div>}
      <BookRatio bids={bids.slice(0, BOOK_ROWS)} asks={asks.slice(0, BOOK_ROWS)} />
      {hovered && hoveredRow && <SumTip hovered={hovered} row={hoveredRow} base={base} quote={QUOTE} steps={steps} />}
    </div>
  );
}
