import type { ServerContext } from '../platform/modules/context';
import { BOOK_DIFF_TOPIC, bookDiff, publicTrades, TRADES_TOPIC } from './market-relay';
import type { CommittedRound } from './sequencer/order-sequencer';

/**
 * After a commit: each market's trades and the diff of its book on the market-data relay
 * (market-relay.ts, over the bus to every process), then the round itself as a domain event, which
 * the gateways turn into their users' messages (orders, fills, balances, user data streams).
 */
export function publishCommittedRound(
  { bus, events }: Pick<ServerContext, 'bus' | 'events'>,
  round: CommittedRound,
): void {
  round.markets.forEach(({ state, effects }, i) => {
    if (effects.trades.length > 0) bus.publish(TRADES_TOPIC, publicTrades(state.market.symbol, effects.trades));
    const diff = bookDiff(state.market, effects, round.books[i]!);
    if (diff) bus.publish(BOOK_DIFF_TOPIC, diff);
  });
  events.publish({ type: 'trading.round-committed', round });
}
