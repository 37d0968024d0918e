/** Bottom tabs of the trade screen: Open Orders, Order History, Trade History, Funds. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AssetBalance, Order, UserTrade } from '../api/types';
import { bareSymbol, dateTime, fee, price, quantity, titleCase, toNum, usd } from '../format';
import { useMarkets, type Markets } from '../markets';
import StatusBadge from '../components/StatusBadge';
import Tabs from '../components/Tabs';

type TabKey = 'open' | 'history' | 'trades' | 'funds';

const Side = ({ side }: { side: string }) => <span className={side === 'buy' ? 'up' : 'down'}>{titleCase(side)}</span>;
/** A stop's trigger: its stop price, its trailing delta, and whether it still waits or waits for its list's first order. */
function OrderKind({ order, tick }: { order: Order; tick: string }) {
  return (
    <>
      {titleCase(order.type)}
      {order.stop_price ? <span className="muted"> @ {price(order.stop_price, tick)}</span> : null}
      {order.trailing_delta ? <span className="muted"> trailing {order.trailing_delta / 100}%</span> : null}
      {order.list_id !== null ? <span className="tag">List {order.list_id}</span> : null}
      {order.status === 'waiting' || order.status === 'pending_new' ? (
        <span className="muted small"> · {order.status === 'waiting' ? 'waiting' : 'pending'}</span>
      ) : null}
    </>
  );
}
const priceText = (markets: Markets, order: Order) =>
  order.type === 'market' || order.price === null ? 'Market' : price(order.price, markets.priceStep(order.symbol));

export default function UserOrders({
  open,
  history,
  trades,
  assets,
  onCancel,
  onCancelList,
}: {
  open: Order[];
  history: Order[];
  trades: UserTrade[];
  assets: AssetBalance[];
  onCancel: (order: Order) => Promise<void>;
  /** Cancels every open order of an order list. */
  onCancelList: (listId: number) => Promise<void>;
}) {
  const markets = useMarkets();
  const tick = (symbol: string) => markets.priceStep(bareSymbol(symbol));
  const lot = (symbol: string) => markets.lotStep(bareSymbol(symbol));
  const [tab, setTab] = useState<TabKey>('open');
  const [cancelling, setCancelling] = useState<string | null>(null);
  const items: { key: TabKey; label: string }[] = [
    { key: 'open', label: `Open Orders(${open.length})` },
    { key: 'history', label: 'Order History' },
    { key: 'trades', label: 'Trade History' },
    { key: 'funds', label: 'Funds' },
  ];

  return (
    <div className="trade-panel user-orders" data-testid="user-orders">
      <div style={{ padding: '0 8px' }}>
        <Tabs items={items} active={tab} onChange={setTab} />
      </div>
      <div className="table-wrap panel-scroll">
        {tab === 'open' &&
          (open.length === 0 ? (
            <div className="empty">You have no open orders</div>
          ) : (
            <table className="dense-table" style={{ marginTop: 6 }}>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Pair</th>
                  <th>Type</th>
                  <th>Side</th>
                  <th className="right">Price</th>
                  <th className="right">Amount</th>
                  <th className="right">Filled</th>
                  <th className="right">Total</th>
                  <th className="right">Action</th>
                </tr>
              </thead>
              <tbody>
                {open.map((o) => (
                  <tr key={o.id}>
                    <td className="muted">{dateTime(o.created_at)}</td>
                    <td>{bareSymbol(o.symbol)}</td>
                    <td>
                      <OrderKind order={o} tick={tick(o.symbol)} />
                    </td>
                    <td>
                      <Side side={o.side} />
                    </td>
                    <td className="right num">{priceText(markets, o)}</td>
                    <td className="right num">{quantity(o.amount, lot(o.symbol))}</td>
                    <td className="right num">{quantity(o.filled, lot(o.symbol))}</td>
                    <td className="right num">{o.price === null ? '-' : usd(toNum(o.price) * toNum(o.amount))}</td>
                    <td className="right">
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        {tab === 'history' &&
          (history.length === 0 ? (
            <div className="empty">No order history</div>
          ) : (
            <table className="dense-table" style={{ marginTop: 6 }}>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Pair</th>
                  <th>Type</th>
                  <th>Side</th>
                  <th className="right">Average</th>
                  <th className="right">Price</th>
                  <th className="right">Executed</th>
                  <th className="right">Amount</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {history.map((o) => (
                  <tr key={o.id}>
                    <td className="muted">{dateTime(o.created_at)}</td>
                    <td>{bareSymbol(o.symbol)}</td>
                    <td>
                      <OrderKind order={o} tick={tick(o.symbol)} />
                    </td>
                    <td>
                      <Side side={o.side} />
                    </td>
                    <td className="right num">{o.average_price ? price(o.average_price, tick(o.symbol)) : '-'}</td>
                    <td className="right num">{priceText(markets, o)}</td>
                    <td className="right num">{quantity(o.filled, lot(o.symbol))}</td>
                    <td className="right num">{quantity(o.amount, lot(o.symbol))}</td>
                    <td>
                      <StatusBadge status={o.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        {tab === 'trades' &&
          (trades.length === 0 ? (
            <div className="empty">No trades yet</div>
          ) : (
            <table className="dense-table" style={{ marginTop: 6 }}>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Pair</th>
                  <th>Side</th>
                  <th className="right">Price</th>
                  <th className="right">Executed</th>
                  <th className="right">Fee</th>
                  <th className="right">Total</th>
                </tr>
              </thead>
              <tbody>
                {trades.map((t) => (
                  <tr key={t.id}>
                    <td className="muted">{dateTime(t.created_at)}</td>
                    <td>{bareSymbol(t.symbol)}</td>
                    <td>
                      <Side side={t.side} />
                    </td>
                    <td className="right num">{price(t.price, tick(t.symbol))}</td>
                    <td className="right num">{quantity(t.amount, lot(t.symbol))}</td>
                    <td className="right num">{fee(t.fee)}</td>
                    <td className="right num">{usd(t.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        {tab === 'funds' && (
          <div>
            {assets.length === 0 ? (
              <div className="empty">No assets yet</div>
            ) : (
              <table className="dense-table" style={{ marginTop: 6 }}>
                <thead>
                  <tr>
                    <th>Asset</th>
                    <th className="right">Total</th>
                    <th className="right">Available</th>
                    <th className="right">In Orders</th>
                  </tr>
                </thead>
                <tbody>
                  {assets.map((a) => (
                    <tr key={a.asset}>
                      <td>
                        <b>{a.asset}</b>
                      </td>
                      <td className="right num">{quantity(a.total, markets.assetStep(a.asset))}</td>
                      <td className="right num">{quantity(a.available, markets.assetStep(a.asset))}</td>
                      <td className="right num">{quantity(a.locked, markets.assetStep(a.asset))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <div style={{ padding: 12 }}>
              <Link to="/dashboard" className="btn btn-primary btn-sm">
                Go to Wallet
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
