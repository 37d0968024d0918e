import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { availableBalance } from '../../ledger/ledger';
import { money } from '../../kernel/money';
import type { Logger } from '../../platform/logger/logger';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import type { Random } from '../../markets/reference-prices/random-walk';
import type { ReferencePrices } from '../../markets/reference-prices/reference-prices.service';
import type { TradingService } from '../trading.service';
import { ladderDepth, liquidMarkets } from './liquid-markets';
import { arbitrageSide, drawTakerOrder, nextArrivalMs, TAKER_FLOW, takerPaces } from './taker-flow';

export interface MarketFlowAccount {
  /** Sends the takers' orders: a system trader, so no user's money funds them. */
  takerId: string;
  /** What it was funded with, per asset: where its holdings are steered back to (taker-flow.ts). */
  inventory: Readonly<Record<string, string>>;
  /** What the market maker was funded with: each market's pace follows its ladder's depth (takerPaces). */
  makerInventory: Readonly<Record<string, string>>;
}

/**
 * Simulated takers (MARKET_FLOW=on): IOC orders of random sizes on random markets, arriving as a
 * Poisson process, each market at its pace (takerPaces: the deeper its ladder, the more often),
 * each limited to TAKER_FLOW.priceLimit from the reference. They trade with whatever rests there,
 * the market maker's ladder above all, so trades, candles and volumes move; while the book lags
 * the reference they trade toward it (arbitrageSide). A refusal (the taker's balance short,
 * nothing in reach) skips one order.
 */
export class MarketFlow {
  private timer: NodeJS.Timeout | null = null;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: MarketCatalog,
    private readonly trading: Pick<TradingService, 'placeOrder' | 'depth'>,
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

  /**
   * The markets' arrivals together are one Poisson process (their rates summed), each arrival on a
   * market drawn in proportion to its rate.
   */
  private scheduleNext() {
    const markets = liquidMarkets(this.catalog);
    const depths = new Map(markets.map((m) => [m, ladderDepth(m, this.account.makerInventory, markets)] as const));
    const rates = [...takerPaces(depths)].map(([market, pace]) => ({ market, rate: 1 / pace }));
    const total = rates.reduce((sum, { rate }) => sum + rate, 0);
    // Nothing to trade with anywhere: look again at a deepest market's pace (a listing may bring some).
    const meanMs = total > 0 ? 1 / total : TAKER_FLOW.deepestIntervalMs;
    this.timer = setTimeout(
      () => {
        let draw = this.random() * total;
        const picked = rates.find(({ rate }) => (draw -= rate) < 0) ?? rates.at(-1);
        if (picked) {
          const sent = this.send(picked.market).finally(() => this.sending.delete(sent));
          this.sending.add(sent);
        }
        this.scheduleNext();
      },
      nextArrivalMs(meanMs, this.random),
    );
  }

  private async send(market: BookMarket) {
    try {
      const reference = this.reference.price(market.symbol)!;
      const held = await availableBalance(this.dataSource.manager, this.account.takerId, market.base);
      const given = money(this.account.inventory[market.base] ?? 0);
      const baseShare = given.isZero() ? 1 : held.div(given).toNumber();
      const touch = await this.trading.depth(market.symbol, 1);
      const best = (levels: Array<[string, string]>) => (levels[0] ? money(levels[0][0]) : null);
      const toward = arbitrageSide(reference, best(touch.bids), best(touch.asks));
      const order = drawTakerOrder(market, reference, baseShare, this.random, 1, toward);
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
