import { pushBalances } from '../accounts/balance-events';
import type { ServerContext } from '../context';
import type { CommittedRound } from './order-sequencer';
import { orderRecord, orderView, userTradeView } from './order-views';

/**
 * After a commit: each changed order and fill to its user, the trades and the book change to
 * market data (bus topics 'market.trades' and 'market.book'), and the new USD balances, read in the
 * committed transaction itself, so no query is needed here.
 */
export function publishCommittedRound(ctx: ServerContext, { markets, balances }: CommittedRound): void {
  const { notifier, bus, logger } = ctx;
  const sends: Array<Promise<void>> = [];
  for (const { state, effects } of markets) {
    const symbol = state.market.symbol;
    for (const order of effects.orders.values()) sends.push(notifier.toUser(order.userId, 'order', orderView(orderRecord(order))));
    for (const trade of effects.trades) {
      sends.push(notifier.toUser(trade.maker_user_id, 'fill', userTradeView(trade, trade.maker_user_id)));
      sends.push(notifier.toUser(trade.taker_user_id, 'fill', userTradeView(trade, trade.taker_user_id)));
    }
    if (effects.trades.length > 0) {
      const trades = effects.trades.map((t) => ({ id: t.id, price: t.price, amount: t.amount, taker_side: t.taker_side, time: t.created_at.getTime() }));
      sends.push(bus.publish('market.trades', { symbol, trades }));
    }
    if (effects.bookChanged) sends.push(bus.publish('market.book', { symbol }));
  }
  sends.push(pushBalances(notifier, balances));
  Promise.all(sends).catch((error: unknown) => logger.warn({ error }, 'trading notifications failed'));
}
