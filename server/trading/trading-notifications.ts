import { balanceMessages } from '../accounts/balance-events';
import type { ServerContext } from '../context';
import { userMessage, userRoom, type RealtimeMessage } from '../realtime/notifier';
import type { CommittedRound } from './sequencer/order-sequencer';
import { orderView, userTradeView } from './order-views';

/**
 * After a commit, in one realtime bus message: each changed order and fill to its user, the trades and the book change to
 * market data (bus topics 'market.trades' and 'market.book'), and the new USD balances, read in the
 * committed transaction itself, so no query is needed here.
 */
export function publishCommittedRound(ctx: ServerContext, { markets, balances }: CommittedRound): void {
  const { notifier, bus } = ctx;
  const messages: RealtimeMessage[] = [];
  // Views only for users someone listens to (API clients without a socket are many).
  const listened = (userId: string) => notifier.reaches(userRoom(userId));
  for (const { state, effects, orders } of markets) {
    const symbol = state.market.symbol;
    for (const order of orders)
      if (listened(order.user_id)) messages.push(userMessage(order.user_id, 'order', orderView(order)));
    for (const trade of effects.trades) {
      for (const userId of [trade.maker_user_id, trade.taker_user_id])
        if (listened(userId)) messages.push(userMessage(userId, 'fill', userTradeView(trade, userId)));
    }
    if (effects.trades.length > 0) {
      const trades = effects.trades.map((t) => ({
        id: t.id,
        price: t.price,
        amount: t.amount,
        taker_side: t.taker_side,
        time: t.created_at.getTime(),
      }));
      bus.publish('market.trades', { symbol, trades });
    }
    if (effects.bookChanged) bus.publish('market.book', { symbol });
  }
  notifier.publish([...messages, ...balanceMessages(balances)]);
}
