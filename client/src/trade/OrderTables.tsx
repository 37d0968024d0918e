/** A trader's orders as tables, on the trade screen's tabs and the Orders page: open orders (with their edits and cancels) and order history. */
import { useState, type ReactNode } from 'react';
import type { Order } from '../api/types';
import { bareSymbol, dateTime, price, quantity, titleCase, toNum, usd } from '../format';
import { useMarkets, type Markets } from '../markets';
import DataTable from '../components/DataTable';
import StatusBadge from '../components/StatusBadge';
import EditOrderDialog from './entry/EditOrderDialog';

export const SideText = ({ side }: { side: string }) => (
  <span className={side === 'buy' ? 'up' : 'down'}>{titleCase(side)}</span>
);

/** Where an open stop is: waiting for its stop price, triggered (working on the book), or an OTO's order waiting for its list's first. */
function stopState(order: Order): ReactNode {
  if (order.status === 'waiting') return <span className="tag">Waiting</span>;
  if (order.status === 'pending_new') return <span className="tag">Pending</span>;
  const stop = order.stop_price !== null || order.trailing_delta !== null;
  if (stop && (order.status === 'new' || order.status === 'partially_filled'))
    return <span className="tag tag-on">Triggered</span>;
  return null;
}

/** An order's type with its trigger: stop price, trailing delta, its list, and (open) where its stop is. */
function OrderKind({ order, tick }: { order: Order; tick: string }) {
  return (
    <>
      {titleCase(order.type)}
      {order.stop_price ? <span className="muted"> @ {price(order.stop_price, tick)}</span> : null}
      {order.trailing_delta ? <span className="muted"> trailing {order.trailing_delta / 100}%</span> : null}
      {order.list_id !== null ? <span className="tag">List {order.list_id}</span> : null}
      {stopState(order)}
    </>
  );
}

const priceText = (markets: Markets, order: Order) =>
  order.type === 'market' || order.price === null
    ? 'Market'
    : price(order.price, markets.priceStep(bareSymbol(order.symbol)));

function useSteps() {
  const markets = useMarkets();
  return {
    markets,
    tick: (symbol: string) => markets.priceStep(bareSymbol(symbol)),
    lot: (symbol: string) => markets.lotStep(bareSymbol(symbol)),
  };
}

/** The first cells of an order's row: when, which pair, its type with its trigger, and its side. */
function OrderCells({ order, tick }: { order: Order; tick: string }) {
  return (
    <>
      <td className="muted">{dateTime(order.created_at)}</td>
      <td>{bareSymbol(order.symbol)}</td>
      <td>
        <OrderKind order={order} tick={tick} />
      </td>
      <td>
        <SideText side={order.side} />
      </td>
    </>
  );
}

const ORDER_COLUMNS = ['Date', 'Pair', 'Type', 'Side'];

export function OpenOrdersTable({
  orders,
  onCancel,
  onCancelList,
  onEdited,
}: {
  orders: Order[];
  onCancel: (order: Order) => Promise<void>;
  /** Cancels every open order of an order list. */
  onCancelList: (listId: number) => Promise<void>;
  /** An order was amended or replaced from its row's Edit dialog. */
  onEdited: () => void;
}) {
  const { markets, tick, lot } = useSteps();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [editing, setEditing] = useState<Order | null>(null);
  if (orders.length === 0) return <div className="empty">You have no open orders</div>;
  const figures = ['Price', 'Amount', 'Filled', 'Total', 'Action'];
  return (
    <>
      <DataTable className="dense-table" columns={[...ORDER_COLUMNS, ...figures]} rightAligned={figures}>
        {orders.map((o) => (
          <tr key={o.id} data-testid="open-order">
            <OrderCells order={o} tick={tick(o.symbol)} />
            <td className="right num">{priceText(markets, o)}</td>
            <td className="right num">{quantity(o.amount, lot(o.symbol))}</td>
            <td className="right num">{quantity(o.filled, lot(o.symbol))}</td>
            <td className="right num">{o.price === null ? '-' : usd(toNum(o.price) * toNum(o.amount))}</td>
            <td className="right nowrap">
              <span className="order-actions">
                {/* The orders of a list keep the prices and sizes the list was checked with. */}
                {o.list_id === null && (
                  <button type="button" className="btn-link" onClick={() => setEditing(o)}>
                    Edit
                  </button>
                )}
                <button
                  type="button"
                  className="btn-link"
                  disabled={cancelling === o.id}
                  onClick={async () => {
                    setCancelling(o.id);
                    await (o.list_id === null ? onCancel(o) : onCancelList(o.list_id));
                    setCancelling(null);
                  }}
                >
                  {o.list_id === null ? 'Cancel' : 'Cancel list'}
                </button>
              </span>
            </td>
          </tr>
        ))}
      </DataTable>
      {editing && <EditOrderDialog order={editing} onClose={() => setEditing(null)} onEdited={onEdited} />}
    </>
  );
}

export function OrderHistoryTable({ orders }: { orders: Order[] }) {
  const { markets, tick, lot } = useSteps();
  if (orders.length === 0) return <div className="empty">No order history</div>;
  const figures = ['Average', 'Price', 'Executed', 'Amount'];
  return (
    <DataTable className="dense-table" columns={[...ORDER_COLUMNS, ...figures, 'Status']} rightAligned={figures}>
      {orders.map((o) => (
        <tr key={o.id} data-testid="history-order">
          <OrderCells order={o} tick={tick(o.symbol)} />
          <td className="right num">{o.average_price ? price(o.average_price, tick(o.symbol)) : '-'}</td>
          <td className="right num">{priceText(markets, o)}</td>
          <td className="right num">{quantity(o.filled, lot(o.symbol))}</td>
          <td className="right num">{quantity(o.amount, lot(o.symbol))}</td>
          <td>
            <StatusBadge status={o.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
