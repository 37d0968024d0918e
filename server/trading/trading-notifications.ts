import { balanceMessages } from '../money/accounts/balance-events';
import type { ServerContext } from '../platform/context';
import { userMessage, userRoom, type RealtimeMessage, type UserStreamEvent } from '../gateways/realtime/notifier';
import { accountPositions } from '../gateways/streams/user-data/account-events';
import { executionReports } from '../gateways/streams/user-data/execution-reports';
import { BOOK_DIFF_TOPIC, bookDiff, publicTrades, TRADES_TOPIC } from './market-events';
import type { CommittedRound } from './sequencer/order-sequencer';
import { orderView, userTradeView } from './order-views';

/**
 * After a commit, in one realtime bus message: each changed order and fill to its user, and the new
 * USD balances, read in the committed transaction itself, so no query is needed here; in one more,
 * the same as Binance's user data stream events (executionReport per order change, then each user's
 * outboundAccountPosition). For market data, each market's trades and the diff of its book
 * (market-events.ts), which carries the book's update ids.
 */
export function publishCommittedRound(ctx: ServerContext, { markets, books, balances, at }: CommittedRound): void {
  const { notifier, bus } = ctx;
  const messages: RealtimeMessage[] = [];
  const streamEvents: UserStreamEvent[] = [];
  // Views only for users someone listens to (API clients without a socket or a user data stream are many).
  const listened = (userId: string) => notifier.reaches(userRoom(userId));
  const streamListened = (userId: string) => notifier.reachesUserStream(userId);
  const now = Date.now();
  markets.forEach((round, i) => {
    const { state, effects, orders } = round;
    for (const order of orders)
      if (listened(order.user_id)) messages.push(userMessage(order.user_id, 'order', orderView(order)));
    for (const trade of effects.trades) {
      for (const userId of [trade.maker_user_id, trade.taker_user_id])
        if (listened(userId)) messages.push(userMessage(userId, 'fill', userTradeView(trade, userId)));
    }
    streamEvents.push(...executionReports(round, streamListened, now));
    if (effects.trades.length > 0) bus.publish(TRADES_TOPIC, publicTrades(state.market.symbol, effects.trades));
    const diff = bookDiff(state.market, effects, books[i]!);
    if (diff) bus.publish(BOOK_DIFF_TOPIC, diff);
  });
  notifier.publish([...messages, ...balanceMessages(balances)]);
  notifier.publishToUserStreams([...streamEvents, ...accountPositions(balances, streamListened, now, at.getTime())]);
}
