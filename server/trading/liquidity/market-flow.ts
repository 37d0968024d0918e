import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { availableBalance } from '../../ledger/ledger';
import { money } from '../../kernel/money';
import type { Logger } from '../../platform/logger/logger';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import type { Random } from '../../markets/reference-prices/random-walk';
import type { ReferencePrices } from '../../markets/reference-prices/reference-prices.service';
import type { TradingService } from '../trading.service';
import { liquidMarkets } from './liquid-markets';
import { drawTakerOrder, nextArrivalMs, TAKER_FLOW } from './taker-flow';

export interface MarketFlowAccount {
  /** Sends the takers' orders: a system trader, so no user's money funds them. */
  takerId: string;
  /** What it was funded with, per asset: where its holdings are steered back to (taker-flow.ts). */
  inventory: Readonly<Record<string, string>>;
}

/**
 * Simulated takers (MARKET_FLOW=on): IOC orders of random sizes on random markets, arriving as a
 * Poisson process at TAKER_FLOW's pace per market, each limited to TAKER_FLOW.priceLimit from the
 * reference. They trade with whatever rests there, the market maker's ladder above all, so trades,
 * candles and volumes move. A refusal (the taker's balance short, nothing in reach) skips one order.
 */
export class MarketFlow {
  private timer: NodeJS.Timeout | null = null;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: MarketCatalog,
    private readonly trading: Pick<TradingService, 'placeOrder'>,
    private readonly reference: ReferencePrices,
    private readonly account: MarketFlowAccount,
    private readonly logger: Logger,
    private readonly random: Random = Math.random,
  ) {}

  start() {
    if (this.timer) return;
    this.scheduleNext();
  }

  /** Stops sending and waits for the orders on their way. */
  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.sending);
  }

  /** The markets' arrivals together are one Poisson process, each arrival on a market drawn at random. */
  private scheduleNext() {
    const markets = liquidMarkets(this.catalog);
    this.timer = setTimeout(
      () => {
        const market = markets[Math.floor(this.random() * markets.length)]!;
        const sent = this.send(market).finally(() => this.sending.delete(sent));
        this.sending.add(sent);
        this.scheduleNext();
      },
      nextArrivalMs(TAKER_FLOW.meanIntervalMs / markets.length, this.random),
    );
  }

  private async send(market: BookMarket) {
    try {
      const reference = this.reference.price(market.symbol)!;
      const held = await availableBalance(this.dataSource.manager, this.account.takerId, market.base);
      const given = money(this.account.inventory[market.base] ?? 0);
      const baseShare = given.isZero() ? 1 : held.div(given).toNumber();
      const order = drawTakerOrder(market, reference, baseShare, this.random);
      const limit = money(TAKER_FLOW.priceLimit);
      const price =
        order.side === 'buy'
          ? reference.times(limit.plus(1)).toNearest(market.tickSize, Decimal.ROUND_DOWN)
          : reference.times(money(1).minus(limit)).toNearest(market.tickSize, Decimal.ROUND_UP);
      await this.trading.placeOrder(this.account.takerId, {
        symbol: market.symbol,
        side: order.side,
        type: 'limit',
        price: price.toFixed(),
        amount: order.amount,
        time_in_force: 'IOC',
      });
    } catch (error) {
      this.logger.debug({ err: error instanceof Error ? error.message : error }, 'market flow order refused');
    }
  }
}
