/**
 * The trade screen on a phone, as the big venues' mobile web lays it out: the 24h strip, tabs for
 * the chart, the book, the market's trades and the pair list, the user's orders below, and a Buy /
 * Sell bar fixed at the bottom that opens the order form over the page on that side (while the market
 * takes no new orders the bar's buttons are off and it says why).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Side } from '../api/types';
import Overlay from '../components/Overlay';
import Tabs from '../components/Tabs';

type Pane = 'chart' | 'book' | 'trades' | 'pairs';

const PANES: { key: Pane; label: string }[] = [
  { key: 'chart', label: 'Chart' },
  { key: 'book', label: 'Order Book' },
  { key: 'trades', label: 'Trades' },
  { key: 'pairs', label: 'Markets' },
];

export default function PhoneTrade({
  symbol,
  ticker,
  panes,
  orders,
  form,
  closedReason,
  onSide,
}: {
  symbol: string;
  ticker: ReactNode;
  panes: Record<Pane, ReactNode>;
  orders: ReactNode;
  form: ReactNode;
  /** Why the market takes no new orders now (halted, cancel-only); null while it trades. */
  closedReason: string | null;
  /** The bar's button tapped: the form opens on that side. */
  onSide: (side: Side) => void;
}) {
  const [pane, setPane] = useState<Pane>('chart');
  const [formOpen, setFormOpen] = useState(false);
  const closeForm = useCallback(() => setFormOpen(false), []);
  const closed = closedReason !== null;

  // A pair picked from the list: show its chart.
  useEffect(() => setPane((shown) => (shown === 'pairs' ? 'chart' : shown)), [symbol]);

  const open = (side: Side) => {
    onSide(side);
    setFormOpen(true);
  };

  return (
    <div className={`phone-trade${closed ? ' closed' : ''}`}>
      {ticker}
      <div className="trade-panel">
        <Tabs items={PANES} active={pane} onChange={setPane} />
        <div data-testid="phone-pane">{panes[pane]}</div>
      </div>
      {orders}
      <div className="trade-bar">
        {closed && (
          <div className="notice small" role="status">
            {closedReason}
          </div>
        )}
        <button type="button" className="btn btn-buy btn-lg" onClick={() => open('buy')} disabled={closed}>
          Buy
        </button>
        <button type="button" className="btn btn-sell btn-lg" onClick={() => open('sell')} disabled={closed}>
          Sell
        </button>
      </div>
      {formOpen && (
        <Overlay label="Place order" className="order-sheet" onClose={closeForm}>
          {form}
        </Overlay>
      )}
    </div>
  );
}
