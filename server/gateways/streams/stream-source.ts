import type { DataSource } from 'typeorm';
import { DAY_MS, type DayTickerState } from '../binance/protocol/day-ticker';
import { readDayTrades } from '../../trading/trade-reads';
import type { EventBus } from '../../platform/bus/event-bus';
import type { Logger } from '../../platform/logger/logger';
import { KLINE_INTERVALS, type KlineInterval } from '../../trading/market-data/candles';
import { loadDayStatistics, type DayStatistics } from '../../trading/market-data/day-statistics';
import { DepthWindows, type WindowDiff } from '../../trading/market-data/depth-windows';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import {
  BOOK_DIFF_TOPIC,
  bookDiffMessage,
  TRADES_TOPIC,
  tradesMessage,
  type BookDiff,
  type TradesMessage,
} from '../../trading/market-relay';
import type { TradingService } from '../../trading/trading.service';
import {
  aggTradeEvents,
  bookTickerEvent,
  depthUpdate,
  klineEvent,
  miniTickerEvent,
  partialDepth,
  tickerEvent,
  tradeEvent,
} from './binance-payloads';
import { STREAMS_TOPIC, type StreamAudience, type StreamEvent } from './stream-events';
import { PARTIAL_DEPTH_LEVELS, streamName, type DepthSpeed } from './stream-names';
import { latestCandles } from './stream-reads';

/** Tickers and klines are Binance's 1000 ms streams: the markets that traded are read again this often. */
const STATISTICS_MS = 1000;
const INTERVALS = Object.keys(KLINE_INTERVALS) as KlineInterval[];
const DEEPEST_PARTIAL = PARTIAL_DEPTH_LEVELS[PARTIAL_DEPTH_LEVELS.length - 1]!;

type Level = [string, string];
interface Best {
  bid: Level | null;
  ask: Level | null;
}
const sameLevel = (a: Level | null, b: Level | null) => a?.[0] === b?.[0] && a?.[1] === b?.[1];

/**
 * Builds every market stream's events, in the one process elected for it, from what the books'
 * owners publish after each commit on the market-data relay (server/trading/market-relay.ts; the
 * market rooms' pushes, server/gateways/realtime/market-pushes.ts, build from it too): diff depth merged over 100 ms
 * and 1000 ms windows; partial depth read from the book (as committed, with its update id) when
 * a window moved it; trades, aggregate trades and the best prices as they come; tickers and klines
 * of the markets that traded, read once a second. Each event is serialized here once and published
 * on the bus, which carries it to every process's StreamHub. An event nobody can receive (the
 * audience says so) is not built.
 */
export class MarketStreamSource {
  private readonly windows: Record<DepthSpeed, DepthWindows> = {
    100: new DepthWindows(100, (diff) => this.onWindow(diff, 100)),
    1000: new DepthWindows(1000, (diff) => this.onWindow(diff, 1000)),
  };
  private readonly best = new Map<string, Best>();
  /** Markets that traded since the statistics were last read. */
  private readonly traded = new Set<string>();
  /** Open time of the candle last reported, per `${symbol} ${interval}`: the one to report closed when the next opens. */
  private readonly openCandle = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private audience: StreamAudience = () => true;

  constructor(
    private readonly bus: EventBus,
    private readonly dataSource: DataSource,
    private readonly trading: Pick<TradingService, 'depth'>,
    private readonly catalog: MarketCatalog,
    private readonly logger: Logger,
  ) {}

  /** Which streams have a listener. Only a process holding every connection can tell: set when it is the only one. */
  listenedStreamsAre(audience: StreamAudience): void {
    this.audience = audience;
  }

  async start(): Promise<void> {
    await this.bus.subscribe(BOOK_DIFF_TOPIC, (message) => {
      const parsed = bookDiffMessage.safeParse(message);
      if (parsed.success && !this.stopped) this.onBookDiff(parsed.data);
    });
    await this.bus.subscribe(TRADES_TOPIC, (message) => {
      const parsed = tradesMessage.safeParse(message);
      if (parsed.success && !this.stopped) this.onTrades(parsed.data);
    });
    this.scheduleStatistics();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const windows of Object.values(this.windows)) windows.stop();
  }

  private onBookDiff(diff: BookDiff) {
    const market = this.catalog.findBookMarket(diff.symbol);
    if (!market) return;
    for (const windows of Object.values(this.windows)) windows.add(diff);
    const before = this.best.get(diff.symbol);
    const now: Best = { bid: diff.bestBid, ask: diff.bestAsk };
    this.best.set(diff.symbol, now);
    if (before && sameLevel(before.bid, now.bid) && sameLevel(before.ask, now.ask)) return;
    this.publish([
      [streamName.bookTicker(market), () => bookTickerEvent(market.symbol, diff.lastUpdateId, now.bid, now.ask)],
    ]);
  }

  /** A window's diff; the partial depths when it moved a level. */
  private onWindow(diff: WindowDiff, speed: DepthSpeed) {
    const market = this.catalog.findBookMarket(diff.symbol)!;
    this.publish([[streamName.diffDepth(market, speed), () => depthUpdate(Date.now(), market.symbol, diff)]]);
    if (diff.bids.length === 0 && diff.asks.length === 0) return;
    const partial = PARTIAL_DEPTH_LEVELS.map((levels) => ({
      levels,
      stream: streamName.partialDepth(market, levels, speed),
    })).filter(({ stream }) => this.audience(stream));
    if (partial.length === 0) return;
    this.trading
      .depth(market.symbol, DEEPEST_PARTIAL)
      .then((depth) => this.publish(partial.map(({ levels, stream }) => [stream, () => partialDepth(depth, levels)])))
      .catch((error: unknown) => this.logger.warn({ err: error, symbol: market.symbol }, 'partial depth not read'));
  }

  private onTrades({ symbol, trades }: TradesMessage) {
    const market = this.catalog.findBookMarket(symbol);
    const last = trades[trades.length - 1];
    if (!market || !last) return;
    this.traded.add(symbol);
    const now = Date.now();
    this.publish([
      ...trades.map((trade): Pending => [streamName.trade(market), () => tradeEvent(now, symbol, trade)]),
      ...aggTradeEvents(now, symbol, trades).map((event): Pending => [streamName.aggTrade(market), () => event]),
    ]);
  }

  private scheduleStatistics() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.publishStatistics()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'market statistics streams not built'))
        .finally(() => this.scheduleStatistics());
    }, STATISTICS_MS);
  }

  /** Tickers and klines of the markets that traded since the last time; the all-market tickers list those. */
  private async publishStatistics() {
    const markets = [...this.traded].map((symbol) => this.catalog.findBookMarket(symbol)!);
    this.traded.clear();
    const tickers: Array<ReturnType<typeof tickerEvent>> = [];
    const miniTickers: Array<ReturnType<typeof miniTickerEvent>> = [];
    const allTickers = this.audience(streamName.allTickers);
    const allMiniTickers = this.audience(streamName.allMiniTickers);
    for (const market of markets) {
      const now = Date.now();
      const wantTicker = allTickers || this.audience(streamName.ticker(market));
      const wantMini = allMiniTickers || this.audience(streamName.miniTicker(market));
      if (wantTicker || wantMini) {
        const day = await loadDayStatistics(this.dataSource.manager, market.symbol, now);
        const mini = miniTickerEvent(now, market, day);
        const ticker = wantTicker ? tickerEvent(now, await this.tickerState(market, day, now)) : null;
        if (ticker) tickers.push(ticker);
        miniTickers.push(mini);
        this.publish([
          [streamName.miniTicker(market), () => mini],
          ...(ticker ? [[streamName.ticker(market), () => ticker] as Pending] : []),
        ]);
      }
      await this.publishKlines(market, now);
    }
    this.publish([
      [streamName.allTickers, () => (tickers.length > 0 ? tickers : null)],
      [streamName.allMiniTickers, () => (miniTickers.length > 0 ? miniTickers : null)],
    ]);
  }

  private async tickerState(market: BookMarket, day: DayStatistics, now: number): Promise<DayTickerState> {
    const openTime = now - DAY_MS;
    const trades = await readDayTrades(this.dataSource, market.symbol, openTime);
    let best = this.best.get(market.symbol);
    if (!best) {
      // No diff seen since this process began building: the book's best prices as committed.
      const depth = await this.trading.depth(market.symbol, 1);
      best = { bid: depth.bids[0] ?? null, ask: depth.asks[0] ?? null };
    }
    return { symbol: market.symbol, day, trades, bestBid: best.bid, bestAsk: best.ask, openTime, closeTime: now };
  }

  /**
   * Each listened interval's latest candle; when a new one has opened since the last report, the one
   * reported before comes first, closed (`x`: true). A candle is reported on the trades that move it.
   */
  private async publishKlines(market: BookMarket, now: number) {
    const listened = INTERVALS.filter((interval) => this.audience(streamName.kline(market, interval)));
    if (listened.length === 0) return;
    const candles = await latestCandles(this.dataSource.manager, market.symbol);
    const pending: Pending[] = [];
    for (const interval of listened) {
      const [current, previous] = candles.get(interval)!;
      if (!current) continue;
      const key = `${market.symbol} ${interval}`;
      const stream = streamName.kline(market, interval);
      if (previous && Number(previous.time) === this.openCandle.get(key))
        pending.push([stream, () => klineEvent(now, market.symbol, interval, previous, true)]);
      this.openCandle.set(key, Number(current.time));
      pending.push([stream, () => klineEvent(now, market.symbol, interval, current, false)]);
    }
    this.publish(pending);
  }

  /** Serializes the events someone may receive (a builder answering null has nothing to say) and publishes them at once. */
  private publish(pending: Pending[]) {
    const events: StreamEvent[] = [];
    for (const [stream, build] of pending) {
      if (!this.audience(stream)) continue;
      const payload = build();
      if (payload !== null) events.push({ stream, data: JSON.stringify(payload) });
    }
    if (events.length > 0) this.bus.publish(STREAMS_TOPIC, events);
  }
}

/** A stream and how to build its event, called only if someone may receive it. */
type Pending = [stream: string, build: () => object | null];
