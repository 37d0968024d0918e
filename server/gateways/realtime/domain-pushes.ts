import { toJsonNumber } from '../../kernel/money';
import type { AccountBalance } from '../../ledger/ledger';
import { USD, type MarketCatalog } from '../../markets/catalog';
import type { DomainEvents } from '../../platform/bus/domain-events';
import { orderView, userTradeView } from '../../trading/orders/order-views';
import type { CommittedRound } from '../../trading/sequencer/order-sequencer';
import { bookMarketView } from '../../markets/book-market-view';
import { userMessage, userRoom, type Notifier, type RealtimeMessage } from './notifier';

/** What a market's room is told after an administrator changes the market: the market as the catalog lists it. */
export const MARKET_EVENT = 'market';
/** Pushed to every socket when an administrator adds, toggles or deletes a bank account. */
export const BANK_ACCOUNTS_CHANGED = 'bank-accounts';
/** Pushed to a trader's sockets when one of its Earn positions changes: the position as GET /api/earn/positions lists it. */
export const EARN_POSITION = 'earn-position';
/** Pushed to a referrer's sockets when its referral figures change (a trader registered with its code, a commission paid): the page reads them again. */
export const REFERRAL_CHANGED = 'referral';
/** Pushed to the administrators' room: which list changed, so the admin page reloads it. */
const ADMIN_UPDATE = 'admin:update';

/** Each user's new USD balance ('balance' {balance}), of the accounts a commit changed: the one place that event is shaped. */
const balanceMessages = (balances: AccountBalance[]): RealtimeMessage[] =>
  balances
    .filter(({ asset }) => asset === USD)
    .map(({ user_id, available }) => userMessage(user_id, 'balance', { balance: toJsonNumber(available) }));

/**
 * A committed round's messages to its users: each changed order and fill, then the new USD balances,
 * read in the committed transaction itself, so no query is needed here. Views only for users
 * someone listens to (API clients without a socket are many).
 */
function roundMessages(
  notifier: Notifier,
  catalog: MarketCatalog,
  { markets, balances }: CommittedRound,
): RealtimeMessage[] {
  const listened = (userId: string) => notifier.reaches(userRoom(userId));
  const messages: RealtimeMessage[] = [];
  for (const { orders, effects } of markets) {
    for (const order of orders)
      if (listened(order.user_id)) messages.push(userMessage(order.user_id, 'order', orderView(catalog, order)));
    for (const trade of effects.trades) {
      for (const userId of [trade.maker_user_id, trade.taker_user_id])
        if (listened(userId)) messages.push(userMessage(userId, 'fill', userTradeView(catalog, trade, userId)));
    }
  }
  messages.push(...balanceMessages(balances));
  return messages;
}

/**
 * The Socket.IO side of the domains' facts: each becomes the messages of the rooms it concerns,
 * published through the notifier (over the bus, so every process's sockets get them). Market data
 * (trades, depth, tickers, candles) comes from the market-data relay instead: see market-pushes.ts.
 */
export function subscribeRealtimePushes(events: DomainEvents, notifier: Notifier, catalog: MarketCatalog): void {
  events.subscribe('trading.round-committed', ({ round }) => notifier.publish(roundMessages(notifier, catalog, round)));
  events.subscribe('trading.desk-filled', ({ userId, execution, moved }) => {
    notifier.publish(balanceMessages(moved.balances));
    notifier.toUser(userId, 'fill', execution);
  });
  events.subscribe('trading.quotes-changed', ({ board }) => notifier.toEveryone('quotes', board));
  events.subscribe('money.queue-item-changed', ({ queue, item, moved }) => {
    notifier.toUser(item.user_id, queue.ownerEvent, { kind: queue.kind, id: item.id, status: item.status });
    if (moved) notifier.publish(balanceMessages(moved.balances));
    notifier.toAdmins(ADMIN_UPDATE, { kind: queue.kind });
  });
  events.subscribe('earn.position-changed', ({ userId, position, moved }) => {
    if (moved) notifier.publish(balanceMessages(moved.balances));
    notifier.toUser(userId, EARN_POSITION, position);
  });
  events.subscribe('money.admin-list-changed', ({ list }) => notifier.toAdmins(ADMIN_UPDATE, { kind: list }));
  events.subscribe('money.bank-accounts-changed', () => {
    notifier.toAdmins(ADMIN_UPDATE, { kind: 'bank_account' });
    // The active list is public: every open page showing it reloads it.
    notifier.toEveryone(BANK_ACCOUNTS_CHANGED, {});
  });
  events.subscribe('markets.market-changed', ({ market }) =>
    notifier.toMarket(market.symbol, MARKET_EVENT, bookMarketView(market)),
  );
  // The administrators' counters and list of users follow.
  events.subscribe('identity.user-registered', ({ referrerId }) => {
    notifier.toAdmins(ADMIN_UPDATE, { kind: 'user' });
    if (referrerId) notifier.toUser(referrerId, REFERRAL_CHANGED, {});
  });
  events.subscribe('trading.referral-commissions-paid', ({ referrerIds, moved }) => {
    notifier.publish(balanceMessages(moved.balances));
    for (const referrerId of referrerIds) notifier.toUser(referrerId, REFERRAL_CHANGED, {});
  });
  events.subscribe('identity.sessions-ended', ({ sessionIds }) => notifier.disconnectSessions(sessionIds));
}
