import type { DataSource, EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../../identity/auth/authenticated-user';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import { recordAnswer } from '../../platform/idempotency/recorded-answers';
import { post, type Posting } from '../../ledger/ledger';
import { money, toSql, type Money } from '../../kernel/money';
import type { InstrumentQuotes } from '../market-data/instrument-quotes';
import type { MarketCatalog } from '../../markets/catalog';
import { instrumentOf } from '../market-data/market-symbol';
import { MarketRow } from '../../markets/market.entity';
import type { DomainEventPublisher } from '../../platform/bus/domain-events';
import { refuseIdentity } from '../../identity/auth/refusals';
import { refuseTrading } from '../orders/refusals';
import { assertTakesOrders } from '../trading.service';
import { DeskTrade } from './desk-trade.entity';
import { refuseDesk } from './refusals';
import {
  executionView,
  tradeHistoryPage,
  tradeHistoryRows,
  type ExecutionView,
  type TradeHistoryFilters,
} from './desk-history';
import type { ListWindow } from '../user-lists';

/** The trade history's filters as the gateways take them: the symbol bare or with a slash. */
export type DeskHistoryFilters = Omit<TradeHistoryFilters, 'symbol'> & { symbol?: string };

/** The request schema's message for an amount, and how the web API words 'invalid-amount'. */
export const INVALID_AMOUNT = 'Please enter a valid amount';
/** How far the price the trader saw may be from the price the trade fills at: 1%. */
const PRICE_TOLERANCE = money('0.01');

export interface DeskTradeRequest {
  symbol: string;
  side: 'buy' | 'sell';
  amount: Money;
  /** The price the trader saw (the ask for a buy, the bid for a sell); the trade fills at ours. */
  price: Money;
}

/**
 * Refuses a trade on a market that takes no new orders, as the book refuses orders there. Its row is
 * read under a share lock held until the trade commits: a status change waits for the trade, or the
 * trade sees it, even before this process's catalog has heard of it.
 */
async function assertTakesTrades(manager: EntityManager, symbol: string): Promise<void> {
  const market = await manager.findOne(MarketRow, { where: { symbol }, lock: { mode: 'pessimistic_read' } });
  if (!market) throw refuseTrading('unknown-symbol');
  assertTakesOrders(market);
}

/**
 * The desk: on the simple screen a trader buys or sells at once against the desk, the venue's
 * principal account (the ledger's 'house'), at the server's quote: a buy at the desk's ask, a sell at its bid. A buy takes the base
 * (BTC, EUR, or the dollars of USDJPY) and pays amount x price of the quote (dollars, or the yen of
 * USDJPY); see README.md. The ledger's overdraft rule for the house account lets the desk take the other side
 * of any trade; the trader always needs what they give.
 */
export class DeskService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: DomainEventPublisher,
    private readonly quotes: InstrumentQuotes,
    private readonly catalog: MarketCatalog,
  ) {}

  /** Trades at once; the answer to a keyed request is recorded in the trade's transaction. */
  async execute(
    user: AuthenticatedUser,
    request: DeskTradeRequest,
    keyed: KeyedRequest | null = null,
  ): Promise<ExecutionView> {
    const instrument = instrumentOf(this.catalog, request.symbol);
    if (!request.amount.mod(instrument.lotSize).isZero()) throw refuseDesk('invalid-amount');
    if (user.kyc_status !== 'approved') throw refuseIdentity('kyc-required');
    const { bid, ask } = await this.quotes.deskQuote(instrument);
    const price = request.side === 'buy' ? ask : bid;
    // Its bid would round to 0 at the tick.
    if (!price) throw refuseDesk('desk-not-buying');
    if (request.price.minus(price).abs().greaterThan(price.times(PRICE_TOLERANCE))) throw refuseDesk('price-moved');

    // In the quote currency: dollars for a coin or EURUSD, yen for USDJPY.
    const total = request.amount.times(price);
    const { base, quote } = instrument;
    const sign = request.side === 'buy' ? 1 : -1;
    const { execution, moved } = await this.dataSource.transaction(async (manager) => {
      await assertTakesTrades(manager, instrument.symbol);
      const trade = await manager.save(
        manager.create(DeskTrade, {
          user_id: user.id,
          symbol: instrument.symbol,
          side: request.side,
          amount: toSql(request.amount),
          price: toSql(price),
          total: toSql(total),
        }),
      );
      const posting: Posting = {
        reason: 'instant_trade',
        referenceType: 'instant_trade',
        referenceId: trade.id,
        legs: [
          { owner: { userId: user.id }, asset: quote, bucket: 'available', amount: total.times(-sign) },
          { owner: { system: 'house' }, asset: quote, bucket: 'available', amount: total.times(sign) },
          { owner: { system: 'house' }, asset: base, bucket: 'available', amount: request.amount.times(-sign) },
          { owner: { userId: user.id }, asset: base, bucket: 'available', amount: request.amount.times(sign) },
        ],
      };
      const balances = await post(manager, posting);
      const answer = executionView({ ...trade, type: trade.side });
      await recordAnswer(manager, keyed, answer);
      return { execution: answer, moved: { posting, balances } };
    });

    this.events.publish({ type: 'trading.desk-filled', userId: user.id, execution, moved });
    return execution;
  }

  /**
   * A page of the user's trade history, newest first: desk trades and order fills (as maker or
   * taker), and how many trades the filters select (see desk-history.ts).
   */
  historyPage(userId: string, filters: DeskHistoryFilters, window: ListWindow) {
    return tradeHistoryPage(this.dataSource, userId, this.historyFilters(filters), window);
  }

  /** The trades of a window alone (an export reads batch after batch). */
  historyRows(userId: string, filters: DeskHistoryFilters, window: ListWindow) {
    return tradeHistoryRows(this.dataSource, userId, this.historyFilters(filters), window);
  }

  /** A symbol of any instrument, the desk's or a book's, bare or with a slash. */
  private historyFilters({ symbol, ...rest }: DeskHistoryFilters): TradeHistoryFilters {
    return { ...rest, symbol: symbol ? instrumentOf(this.catalog, symbol).symbol : null };
  }
}
