import type { DataSource, EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../../identity/auth/authenticated-user';
import type { KeyedRequest } from '../../platform/idempotency/keyed-request';
import { recordAnswer } from '../../platform/idempotency/recorded-answers';
import { post, type Posting } from '../../ledger/ledger';
import { money, toJsonNumber, toSql, type Money } from '../../kernel/money';
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

/** The request schema's message for an amount, and how the web API words 'invalid-amount'. */
export const INVALID_AMOUNT = 'Please enter a valid amount';
/** How far the price the trader saw may be from the price the trade fills at: 1%. */
const PRICE_TOLERANCE = money('0.01');
const HISTORY_LIMIT = 100;

export interface DeskTradeRequest {
  symbol: string;
  side: 'buy' | 'sell';
  amount: Money;
  /** The price the trader saw (the ask for a buy, the bid for a sell); the trade fills at ours. */
  price: Money;
}

export interface ExecutionView {
  id: string;
  symbol: string;
  type: 'buy' | 'sell';
  amount: number;
  price: number;
  total: number;
  created_at: string;
}

interface ExecutionRow {
  id: string;
  symbol: string;
  type: 'buy' | 'sell';
  amount: string;
  price: string;
  total: string;
  created_at: Date;
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

const view = (row: ExecutionRow): ExecutionView => ({
  id: row.id,
  symbol: row.symbol,
  type: row.type,
  amount: toJsonNumber(row.amount),
  price: toJsonNumber(row.price),
  total: toJsonNumber(row.total),
  created_at: row.created_at.toISOString(),
});

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
      const answer = view({ ...trade, type: trade.side });
      await recordAnswer(manager, keyed, answer);
      return { execution: answer, moved: { posting, balances } };
    });

    this.events.publish({ type: 'trading.desk-filled', userId: user.id, execution, moved });
    return execution;
  }

  /**
   * Every execution of the user, newest first: desk trades and order fills (as maker or taker).
   * A fill's total is price x amount, as on the simple screen; its fee shows in the order history.
   */
  async history(userId: string): Promise<ExecutionView[]> {
    const rows: ExecutionRow[] = await this.dataSource.query(
      `(SELECT id, symbol, side AS type, amount, price, total, created_at
          FROM instant_trades WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2)
       UNION ALL
       (SELECT id, symbol, taker_side AS type, amount, price, quote_amount AS total, created_at
          FROM trades WHERE taker_user_id = $1 ORDER BY created_at DESC LIMIT $2)
       UNION ALL
       (SELECT id, symbol, CASE taker_side WHEN 'buy' THEN 'sell' ELSE 'buy' END AS type, amount, price, quote_amount AS total, created_at
          FROM trades WHERE maker_user_id = $1 ORDER BY created_at DESC LIMIT $2)
       ORDER BY created_at DESC LIMIT $2`,
      [userId, HISTORY_LIMIT],
    );
    return rows.map(view);
  }
}
