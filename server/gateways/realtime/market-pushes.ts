import type { DataSource } from 'typeorm';
import type { EventBus } from '../../platform/bus/event-bus';
import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { Logger } from '../../platform/logger/logger';
import { toJsonNumber } from '../../kernel/money';
import type { MarketCatalog } from '../../markets/catalog';
import type { Election } from '../../trading/cluster/cluster';
import { BOOK_DIFF_TOPIC, bookDiffMessage, TRADES_TOPIC, tradesMessage } from '../../trading/market-relay';
import { loadKlines, type KlineInterval } from '../../trading/market-data/candles';
import { DepthWindows, type WindowDiff } from '../../trading/market-data/depth-windows';
import { KeyedThrottle } from '../../trading/market-data/keyed-throttle';
import { jsonLevels, type MarketDataService } from '../../trading/market-data/market-data.service';
import type { Notifier } from './notifier';

/** The market room's depth updates: the book diffs of this long merged into one. */
const DEPTH_PUSH_MS = 250;
const TICKER_PUSH_MS = 1000;
const KLINE_PUSH_MS = 1000;
/** Candle widths pushed live: the chart's default (15m) and the finest. */
const LIVE_KLINE_INTERVALS: readonly KlineInterval[] = ['1m', '15m'];

/**
 * The Socket.IO formatter of the market-data relay (server/trading/market-relay.ts; the market
 * streams' is server/gateways/streams/stream-source.ts): turns the trading core's commits into market-room pushes: every trade at once; the book's diffs
 * merged per market every DEPTH_PUSH_MS ('depth': the levels that changed, with the update ids they
 * cover, continuing from the `last_update_id` of a depth the client read); ticker and the current
 * candles throttled per market, so a burst of trades costs a few queries, not one each.
 */
export class MarketPushes {
  private readonly depth = new DepthWindows(DEPTH_PUSH_MS, (diff) => this.pushDepth(diff));
  private readonly ticker = new KeyedThrottle(TICKER_PUSH_MS, (symbol) => this.pushTicker(symbol));
  private readonly klines = new KeyedThrottle(KLINE_PUSH_MS, (symbol) => this.pushKlines(symbol));
  private stopped = false;
  private subscribed = false;

  constructor(
    private readonly bus: EventBus,
    private readonly notifier: Notifier,
    private readonly dataSource: DataSource,
    private readonly marketData: MarketDataService,
    private readonly catalog: MarketCatalog,
    private readonly logger: Logger,
  ) {}

  /** Again after stop when this process is elected again: the handlers subscribed the first time serve. */
  async start() {
    this.stopped = false;
    if (this.subscribed) return;
    this.subscribed = true;
    await this.bus.subscribe(TRADES_TOPIC, (message) => this.onTrades(message));
    await this.bus.subscribe(BOOK_DIFF_TOPIC, (message) => {
      const parsed = bookDiffMessage.safeParse(message);
      if (parsed.success && !this.stopped) this.depth.add(parsed.data);
    });
  }

  stop() {
    this.stopped = true;
    for (const throttle of [this.depth, this.ticker, this.klines]) throttle.stop();
  }

  private onTrades(message: unknown) {
    const parsed = tradesMessage.safeParse(message);
    if (!parsed.success || this.stopped) return;
    const { symbol, trades } = parsed.data;
    for (const trade of trades) {
      this.notifier.toMarket(symbol, 'trade', {
        symbol,
        id: trade.id,
        price: toJsonNumber(trade.price),
        quantity: toJsonNumber(trade.amount),
        time: trade.time,
        is_buyer_maker: trade.taker_side === 'sell',
      });
    }
    this.ticker.request(symbol);
    this.klines.request(symbol);
  }

  private pushDepth({ symbol, firstUpdateId, lastUpdateId, bids, asks }: WindowDiff) {
    if (this.stopped) return;
    this.notifier.toMarket(symbol, 'depth', {
      symbol,
      first_update_id: firstUpdateId,
      last_update_id: lastUpdateId,
      bids: jsonLevels(bids),
      asks: jsonLevels(asks),
    });
  }

  private async pushTicker(symbol: string) {
    await this.safely('ticker', symbol, async () => {
      this.notifier.toMarket(symbol, 'ticker', await this.marketData.ticker(this.market(symbol)));
    });
  }

  /** The current candle of each live interval (a limit of 1 reaches back to the current bucket only). */
  private async pushKlines(symbol: string) {
    await this.safely('kline', symbol, async () => {
      for (const interval of LIVE_KLINE_INTERVALS) {
        const [kline] = await loadKlines(this.dataSource.manager, symbol, interval, 1);
        if (kline) this.notifier.toMarket(symbol, 'kline', { symbol, interval, kline });
      }
    });
  }

  private market(symbol: string) {
    const market = this.catalog.findBookMarket(symbol);
    if (!market) throw new Error(`trading core published an unknown market ${symbol}`);
    return market;
  }

  /** A failed push must not stop the next ones (e.g. the database closing during shutdown). */
  private async safely(what: string, symbol: string, push: () => Promise<void>) {
    if (this.stopped) return;
    try {
      await push();
    } catch (error) {
      this.logger.warn({ err: error, symbol }, `market ${what} push failed`);
    }
  }
}

/** Market-room pushes, built in the one process `elect` chooses: every process's hub delivers them, so more would repeat them. */
export function marketPushesModule(
  ctx: Pick<ServerContext, 'bus' | 'dataSource' | 'logger'>,
  notifier: Notifier,
  marketData: MarketDataService,
  catalog: MarketCatalog,
  elect: Election,
): ExchangeModule {
  const pushes = new MarketPushes(ctx.bus, notifier, ctx.dataSource, marketData, catalog, ctx.logger);
  return {
    name: 'market-room-pushes',
    needs: ['trading'],
    start: () =>
      elect(
        'market-room-pushes',
        () => pushes.start(),
        async () => pushes.stop(),
      ),
    async stop() {
      pushes.stop();
    },
  };
}
