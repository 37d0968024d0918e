import type { OrderListRow } from '../../../trading/orders/order-list.entity';
import type { OrderRow } from '../../../trading/orders/order.entity';
import type { TradeRow } from '../../../trading/orders/trade.entity';
import { canceledOrderView, clientOrderId, newOrderView, type NewOrderRespType } from './order-views';

/**
 * Order lists in Binance's words, from the rows the trading core writes: orderListId is the list's
 * id (one sequence for every symbol); an OTOCO is Binance's contingency type OTO.
 */

const CONTINGENCY = { oco: 'OCO', oto: 'OTO', otoco: 'OTO' } as const;

/** What a list's status events and answers call its state: started while executing, done after. */
export const listStatusType = (list: Pick<OrderListRow, 'status'>) =>
  list.status === 'executing' ? 'EXEC_STARTED' : 'ALL_DONE';
export const listOrderStatus = (list: Pick<OrderListRow, 'status'>) =>
  list.status === 'executing' ? 'EXECUTING' : 'ALL_DONE';
export const contingencyType = (list: Pick<OrderListRow, 'kind'>) => CONTINGENCY[list.kind];

/** A list as GET orderList, openOrderList and allOrderList answer it: its orders named, not told. */
export function orderListView(list: OrderListRow, orders: OrderRow[]) {
  return {
    orderListId: Number(list.id),
    contingencyType: contingencyType(list),
    listStatusType: listStatusType(list),
    listOrderStatus: listOrderStatus(list),
    listClientOrderId: list.client_list_id,
    transactionTime: new Date(list.updated_at).getTime(),
    symbol: list.symbol,
    orders: orders.map((order) => ({
      symbol: order.symbol,
      orderId: Number(order.seq),
      clientOrderId: clientOrderId(order),
    })),
  };
}

/** The answer to placing a list: the list, and a report of each order as POST order answers it. */
export function placedListView(list: OrderListRow, orders: OrderRow[], fills: TradeRow[], type: NewOrderRespType) {
  const own = (order: OrderRow) =>
    fills.filter((fill) => fill.maker_order_id === order.id || fill.taker_order_id === order.id);
  return {
    ...orderListView(list, orders),
    orderReports: orders.map((order) => newOrderView(order, own(order), type)),
  };
}

/** The answer to DELETE orderList: the list done, and each order as DELETE order answers it. */
export function canceledListView(list: OrderListRow, orders: OrderRow[], cancelId: string) {
  return {
    ...orderListView(list, orders),
    orderReports: orders.map((order) => canceledOrderView(order, cancelId)),
  };
}
