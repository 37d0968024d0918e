/** Bottom tabs of the trade screen: Open Orders, Order History, Trade History, Funds; every pair's unless Hide other pairs is ticked. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AssetBalance, Order, UserTrade } from '../api/types';
import { bareSymbol, count, dateTime, fee, price, quantity, usd } from '../format';
import { useMarkets } from '../markets';
import DataTable from '../components/DataTable';
import Tabs from '../components/Tabs';
import CancelAllButton from './CancelAllButton';
import { OpenOrdersTable, OrderHistoryTable, SideText } from './OrderTables';

type TabKey = 'open' | 'history' | 'trades' | 'funds';

export default function UserOrders({
  open,
  openTotal,
  history,
  trades,
  assets,
  pair,
  hideOtherPairs,
  onHideOtherPairs,
  onCancel,
  onCancelList,
  onCancelAll,
  onEdited,
}: {
  open: Order[];
  /** How many open orders the lists hold (a list shows up to 500). */
  openTotal: number;
  history: Order[];
  trades: UserTrade[];
  assets: AssetBalance[];
  /** The screen's pair (BTC/USDT): the lists' only one while other pairs are hidden. */
  pair: string;
  hideOtherPairs: boolean;
  onHideOtherPairs: (hide: boolean) => void;
  onCancel: (order: Order) => Promise<void>;
  /** Cancels every open order of an order list. */
  onCancelList: (listId: number) => Promise<void>;
  /** Cancels every open order shown: the pair's, or every pair's. */
  onCancelAll: () => Promise<void>;
  /** An open order was amended or replaced from its Edit dialog. */
  onEdited: () => void;
}) {
  const markets = useMarkets();
  const tick = (symbol: string) => markets.priceStep(bareSymbol(symbol));
  const lot = (symbol: string) => markets.lotStep(bareSymbol(symbol));
  const [tab, setTab] = useState<TabKey>('open');
  const items: { key: TabKey; label: string }[] = [
    { key: 'open', label: `Open Orders(${count(openTotal)})` },
    { key: 'history', label: 'Order History' },
    { key: 'trades', label: 'Trade History' },
    { key: 'funds', label: 'Funds' },
  ];

  return (
    <div className="trade-panel user-orders">
      <div className="user-orders-head">
        <Tabs items={items} active={tab} onChange={setTab} />
        {tab !== 'funds' && (
          <div className="row user-orders-tools">
            <label className="check small nowrap">
              <input type="checkbox" checked={hideOtherPairs} onChange={(e) => onHideOtherPairs(e.target.checked)} />
              Hide other pairs
            </label>
            {tab === 'open' && (
              <CancelAllButton orders={open.length} pair={hideOtherPairs ? pair : undefined} onConfirm={onCancelAll} />
            )}
          </div>
        )}
      </div>
      <div className="table-wrap panel-scroll" data-testid="user-orders">
        {tab === 'open' && (
          <OpenOrdersTable orders={open} onCancel={onCancel} onCancelList={onCancelList} onEdited={onEdited} />
        )}
        {tab === 'history' && <OrderHistoryTable orders={history} />}
        {tab === 'trades' &&
          (trades.length === 0 ? (
            <div className="empty">No trades yet</div>
          ) : (
            <DataTable
              className="dense-table"
              columns={['Date', 'Pair', 'Side', 'Price', 'Executed', 'Fee', 'Total']}
              rightAligned={['Price', 'Executed', 'Fee', 'Total']}
            >
              {trades.map((t) => (
                <tr key={t.id}>
                  <td className="muted">{dateTime(t.created_at)}</td>
                  <td>{bareSymbol(t.symbol)}</td>
                  <td>
                    <SideText side={t.side} />
                  </td>
                  <td className="right num">{price(t.price, tick(t.symbol))}</td>
                  <td className="right num">{quantity(t.amount, lot(t.symbol))}</td>
                  <td className="right num">{`${fee(t.fee)} ${t.fee_asset}`}</td>
                  <td className="right num">{usd(t.total)}</td>
                </tr>
              ))}
            </DataTable>
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
