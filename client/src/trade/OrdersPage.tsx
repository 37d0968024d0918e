/**
 * /orders: every order in one place. Open orders of every pair, order history and trade history
 * (order fills and desk trades), filtered by pair, side, type or kind and days, a page at a time,
 * exported as CSV; Cancel all (of the pair filtered on, or of every pair).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage, type ListPage } from '../api/client';
import { tradingApi } from '../api/endpoints';
import type { Order, OrderFilters, TradeHistoryFilters } from '../api/types';
import Pager from '../components/Pager';
import Tabs from '../components/Tabs';
import { usePagedList } from '../components/usePagedList';
import SiteFooter from '../layout/SiteFooter';
import SiteHeader from '../layout/SiteHeader';
import { useMarkets } from '../markets';
import { useRealtime } from '../realtime/useRealtime';
import CancelAllButton from './CancelAllButton';
import OrderFiltersRow, { NO_FILTERS, type ListFilterFields } from './OrderFiltersRow';
import { OpenOrdersTable, OrderHistoryTable } from './OrderTables';
import TradeHistoryTable from './TradeHistoryTable';

type TabKey = 'open' | 'history' | 'trades';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'open', label: 'Open Orders' },
  { key: 'history', label: 'Order History' },
  { key: 'trades', label: 'Trade History' },
];
/** Rows a page shows: a screenful of dense rows. */
const PAGE_SIZE = 20;

/** The fields filled in, as a list's query (their values are the API's, from the select boxes). */
const given = (fields: Partial<ListFilterFields>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
/** An order list's query has a type, the trade history's a kind. */
const orderFilters = ({ kind: _kind, ...fields }: ListFilterFields) => given(fields) as OrderFilters;
const tradeFilters = ({ type: _type, ...fields }: ListFilterFields) => given(fields) as TradeHistoryFilters;

/** A list on screen a page at a time, read again when the user's orders or fills move. */
function PagedList<T>({
  read,
  render,
}: {
  read: (offset: number, limit: number) => Promise<ListPage<T>>;
  render: (items: T[], reload: () => void) => ReactNode;
}) {
  const { page, turn, reload } = usePagedList(read, 'Failed to fetch data', PAGE_SIZE);
  useRealtime([], { order: () => void reload(), fill: () => void reload() });
  return (
    <>
      <div className="table-wrap orders-table">{render(page.items, () => void reload())}</div>
      <div className="orders-pager">
        <Pager page={page} pageSize={PAGE_SIZE} onTurn={(offset) => void turn(offset)} />
      </div>
    </>
  );
}

export default function OrdersPage() {
  const { enqueueSnackbar } = useSnackbar();
  const markets = useMarkets();
  const [tab, setTab] = useState<TabKey>('open');
  const [fields, setFields] = useState<ListFilterFields>(NO_FILTERS);
  // Cancel all counts it up: the open orders are read again from their first page.
  const [cancels, setCancels] = useState(0);

  const readOpen = useCallback(
    (offset: number, limit: number) => tradingApi.openOrdersPage(orderFilters(fields), offset, limit),
    [fields, cancels],
  );
  const readHistory = useCallback(
    (offset: number, limit: number) => tradingApi.orderHistoryPage(orderFilters(fields), offset, limit),
    [fields],
  );
  const readTrades = useCallback(
    (offset: number, limit: number) => tradingApi.tradeHistoryPage(tradeFilters(fields), offset, limit),
    [fields],
  );

  /** Runs an action with its toasts, then shows the list again. */
  const act = async (action: () => Promise<unknown>, done: string, failed: string, reload: () => void) => {
    try {
      await action();
      enqueueSnackbar(done, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, failed), { variant: 'error' });
    }
    reload();
  };

  const onExport = async () => {
    try {
      if (tab === 'open') await tradingApi.exportOpenOrders(orderFilters(fields));
      else if (tab === 'history') await tradingApi.exportOrderHistory(orderFilters(fields));
      else await tradingApi.exportTradeHistory(tradeFilters(fields));
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to export'), { variant: 'error' });
    }
  };

  // A forex pair is the trade history's alone (the desk's): the order lists show every pair instead.
  const onTab = (next: TabKey) => {
    setTab(next);
    if (next !== 'trades' && fields.symbol && !markets.bookMarket(fields.symbol)) setFields({ ...fields, symbol: '' });
  };

  const pair = fields.symbol ? markets.bookMarket(fields.symbol)?.display : undefined;
  const openOrders = (orders: Order[], reload: () => void) => (
    <OpenOrdersTable
      orders={orders}
      onCancel={(order) =>
        act(() => tradingApi.cancelOrder(order.id), 'Order cancelled', 'Failed to cancel order', reload)
      }
      onCancelList={(listId) =>
        act(() => tradingApi.cancelOrderList(listId), 'Order list cancelled', 'Failed to cancel order list', reload)
      }
      onEdited={reload}
    />
  );

  return (
    <div className="page">
      <SiteHeader />
      <main className="container orders-page">
        <h2 className="orders-title">Orders</h2>
        <div className="trade-panel orders-panel">
          <div className="orders-head">
            <Tabs items={TABS} active={tab} onChange={onTab} />
            <div className="row orders-actions">
              {tab === 'open' && (
                <CancelAllButton
                  className="btn btn-sm"
                  pair={pair}
                  onConfirm={() =>
                    act(
                      () => tradingApi.cancelAll(pair),
                      'All open orders cancelled',
                      'Failed to cancel orders',
                      () => setCancels((n) => n + 1),
                    )
                  }
                />
              )}
              <button type="button" className="btn btn-sm" onClick={onExport}>
                Export CSV
              </button>
            </div>
          </div>
          <OrderFiltersRow fields={fields} trades={tab === 'trades'} onChange={setFields} />
          {tab === 'open' && <PagedList key="open" read={readOpen} render={openOrders} />}
          {tab === 'history' && (
            <PagedList key="history" read={readHistory} render={(orders) => <OrderHistoryTable orders={orders} />} />
          )}
          {tab === 'trades' && (
            <PagedList key="trades" read={readTrades} render={(trades) => <TradeHistoryTable trades={trades} />} />
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
