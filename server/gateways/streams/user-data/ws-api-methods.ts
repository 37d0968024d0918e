import { accountEndpoint, commissionEndpoint, orderRateLimitEndpoint } from '../../binance/account-routes';
import type { BinanceApiDeps } from '../../binance/binance-deps';
import type { AnyEndpoint } from '../../binance/binance-endpoint';
import { marketEndpoints } from '../../binance/market-routes';
import { orderListEndpoints } from '../../binance/order-list-routes';
import { orderReplaceEndpoints } from '../../binance/order-replace-routes';
import { orderEndpoints } from '../../binance/order-routes';
import { preventedMatchEndpoint } from '../../binance/prevented-match-routes';
import { statisticsEndpoints } from '../../binance/statistics-routes';
import { userStreamEndpoints } from '../../binance/user-stream-routes';

/**
 * The WebSocket API's methods that are the REST API's endpoints under Binance's method names: the
 * same weight, security, parameters and answer, served by the connection (ws-api-connection.ts).
 */
export function wsApiEndpoints(deps: BinanceApiDeps): ReadonlyMap<string, AnyEndpoint> {
  const market = new Map([...marketEndpoints(deps), ...statisticsEndpoints(deps)]);
  const orders = orderEndpoints(deps);
  const replacements = orderReplaceEndpoints(deps);
  const lists = orderListEndpoints(deps);
  const listenKeys = userStreamEndpoints(deps);
  const rest = (path: string): AnyEndpoint => {
    const found = market.get(path);
    if (!found) throw new Error(`No market data endpoint ${path}`);
    return found;
  };
  return new Map([
    ['ping', rest('/ping')],
    ['time', rest('/time')],
    ['exchangeInfo', rest('/exchangeInfo')],
    ['depth', rest('/depth')],
    ['trades.recent', rest('/trades')],
    ['trades.historical', rest('/historicalTrades')],
    ['trades.aggregate', rest('/aggTrades')],
    ['klines', rest('/klines')],
    ['uiKlines', rest('/uiKlines')],
    ['ticker.24hr', rest('/ticker/24hr')],
    ['ticker.price', rest('/ticker/price')],
    ['ticker.book', rest('/ticker/bookTicker')],
    ['ticker', rest('/ticker')],
    ['ticker.tradingDay', rest('/ticker/tradingDay')],
    ['avgPrice', rest('/avgPrice')],
    ['order.place', orders.placeOrder],
    ['order.test', orders.testOrder],
    ['order.status', orders.queryOrder],
    ['order.cancel', orders.cancelOrder],
    ['order.cancelReplace', replacements.cancelReplace],
    ['order.amend.keepPriority', replacements.amendKeepPriority],
    ['orderList.place', lists.placeLegacyOco],
    ['orderList.place.oco', lists.placeOco],
    ['orderList.place.oto', lists.placeOto],
    ['orderList.place.otoco', lists.placeOtoco],
    ['orderList.status', lists.queryList],
    ['orderList.cancel', lists.cancelList],
    ['openOrderLists.status', lists.openLists],
    ['allOrderLists', lists.allLists],
    ['openOrders.status', orders.openOrders],
    ['openOrders.cancelAll', orders.cancelOpenOrders],
    ['allOrders', orders.allOrders],
    ['myTrades', orders.myTrades],
    ['myPreventedMatches', preventedMatchEndpoint(deps)],
    ['account.status', accountEndpoint(deps)],
    ['account.commission', commissionEndpoint(deps)],
    ['account.rateLimits.orders', orderRateLimitEndpoint(deps)],
    ['userDataStream.start', listenKeys.start],
    ['userDataStream.ping', listenKeys.keepAlive],
    ['userDataStream.stop', listenKeys.close],
  ]);
}
