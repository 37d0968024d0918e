import type { DataSource } from 'typeorm';
import { DAY_MS, type DayTickerState } from '../binance/protocol/day-ticker';
import { readDayTrades } from '../../trading/trade-reads';
import type { EventBus } from '../../platform/bus/event-bus';
import type { Logger } from '../../platform/logger/logger';
import { klineOpen, nextKlineOpen } from '../../trading/market-data/kline-intervals';
import { flatKline, readKlines, type SeriesKline } from '../../trading/market-data/klines';
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
import { AVERAGE_PRICE_MINUTES, readAveragePrices } from '../binance/average-price';
import { rollingOpenTime, windowSizeMs, windowTicker } from '../binance/protocol/window-ticker';
import { readWindowStatistics } from '../binance/window-statistics';
import {
  aggTradeEvents,
  avgPriceEvent,
  bookTickerEvent,
  depthUpdate,
  klineEvent,
  miniTickerEvent,
  partialDepth,
  tickerEvent,
  tradeEvent,
  windowTickerEvent,
} from './binance-payloads';
import { STREAMS_TOPIC, type StreamAudience, type StreamEvent } from './stream-events';
import { klineStreams, PARTIAL_DEPTH_LEVELS, streamName, TICKER_WINDOWS, type DepthSpeed } from './stream-names';

/** Tickers, klines and average prices are Binance's 1000 ms streams: they are built this often. */
const STATISTICS_MS = 1000;
/** At most this many intervals that ended unseen (a late timer, a stall) are pushed as they closed; older ones are read by REST. */
const MISSED_KLINES = 2;
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
 * a window moved it; trades, aggregate trades and the best prices as they come; tickers (24-hour
 * and rolling windows) of the markets that traded, read once a second; each listened kline
 * stream's current kline and each listened market's average price, every second. Each event is
 * serialized here once and published on the bus, which carries it to every process's StreamHub. An
 * event nobody can receive (the audience says so) is not built.
 */
export class MarketStreamSource {
  private readonly windows: Record<DepthSpeed, DepthWindows> = {
    100: new DepthWindows(100, (diff) => this.onWindow(diff, 100)),
    1000: new DepthWindows(1000, (diff) => this.onWindow(diff, 1000)),
  };
  private readonly best = new Map<string, Best>();
  /** Markets that traded since the statistics were last read. */
  private readonly traded = new Set<string>();
  /**
   * The kline last reported open, per kline stream someone listens to (null: its market had not
   * traded): reported again each second, closed when the next opens, read again when its market trades.
   */
  private readonly openKlines = new Map<string, SeriesKline | null>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private subscribed = false;
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

  /** Again after stop when this process is elected again: the handlers subscribed the first time serve. */
  async start(): Promise<void> {
    this.stopped = false;
    if (this.subscribed) return this.scheduleStatistics();
    this.subscribed = true;
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

  /** Tickers of the markets that traded since the last time (the all-market tickers list those), and klines. */
  private async publishStatistics() {
    const traded = new Set(this.traded);
    const markets = [...traded].map((symbol) => this.catalog.findBookMarket(symbol)!);
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
    }
    this.publish([
      [streamName.allTickers, () => (tickers.length > 0 ? tickers : null)],
      [streamName.allMiniTickers, () => (miniTickers.length > 0 ? miniTickers : null)],
    ]);
    for (const market of this.catalog.bookMarkets()) await this.publishKlines(market, traded.has(market.symbol));
    await this.publishWindowTickers(markets);
    await this.publishAveragePrices();
  }

  /** The rolling window tickers (1h, 4h, 1d) of the markets that traded, each window read for them all at once. */
  private async publishWindowTickers(markets: BookMarket[]) {
    for (const window of TICKER_WINDOWS) {
      const all = streamName.allWindowTickers(window);
      const listened = markets.filter((m) => this.audience(all) || this.audience(streamName.windowTicker(m, window)));
      if (listened.length === 0) continue;
      const now = Date.now();
      const openTime = rollingOpenTime(now, windowSizeMs(window)!);
      const symbols = listened.map((market) => market.symbol);
      const statistics = await readWindowStatistics(this.dataSource.manager, symbols, openTime);
      const events = symbols.map((symbol) =>
        windowTickerEvent(now, window, windowTicker(symbol, statistics.get(symbol)!, openTime, now)),
      );
      this.publish([
        ...listened.map((market, i): Pending => [streamName.windowTicker(market, window), () => events[i]!]),
        [all, () => events],
      ]);
    }
  }

  /**
   * Every listened market's average price, each second whether it traded or not (trades leave its
   * 5 minutes as time passes); a market that never traded has none, and no event.
   */
  private async publishAveragePrices() {
    const listened = this.catalog.bookMarkets().filter((market) => this.audience(streamName.avgPrice(market)));
    if (listened.length === 0) return;
    const now = Date.now();
    const averages = await readAveragePrices(
      this.dataSource,
      listened.map((market) => market.symbol),
      now,
    );
    this.publish(
      listened.map((market): Pending => {
        const average = averages.get(market.symbol)!;
        const event = avgPriceEvent(now, market.symbol, AVERAGE_PRICE_MINUTES, average);
        return [streamName.avgPrice(market), () => (average.closeTime > 0 ? event : null)];
      }),
    );
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
   * Each listened kline stream's current kline, as Binance pushes it every second; when a new one
   * has opened, the one reported before comes first, as it closed (`x`: true). Klines are read
   * when their market traded (or a stream is new); otherwise the one reported is still right, and
   * when its interval ends the next opens flat at its close, without a read.
   */
  private async publishKlines(market: BookMarket, traded: boolean) {
    const streams = klineStreams(market);
    for (const { stream } of streams) if (!this.audience(stream)) this.openKlines.delete(stream);
    const listened = streams.filter(({ stream }) => this.audience(stream));
    const toRead = listened.filter(({ stream }) => traded || !this.openKlines.has(stream));
    const now = Date.now();
    // The latest three: the current kline, and those that closed since the last second (1s klines).
    const read =
      toRead.length > 0
        ? await readKlines(
            this.dataSource.manager,
            market.symbol,
            toRead.map(({ series }) => ({ series, limit: 3 })),
            now,
          )
        : [];
    const fresh = new Map(toRead.map(({ stream }, i) => [stream, read[i]!]));
    const pending: Pending[] = [];
    for (const { stream, series } of listened) {
      const reported = this.openKlines.get(stream) ?? null;
      const latest = fresh.get(stream);
      // Ascending: every one but the last has closed.
      let klines: SeriesKline[];
      if (latest) klines = reported ? latest.filter((k) => k.open_time >= reported.open_time) : latest.slice(-1);
      else if (reported === null) continue;
      else if (now <= reported.close_time) klines = [reported];
      else {
        // Every interval since, flat at its close, up to the one open now: a late second skips none.
        const current = klineOpen(series, now);
        klines = [reported];
        for (
          let open = nextKlineOpen(series, reported.open_time);
          open <= current;
          open = nextKlineOpen(series, open)
        ) {
          klines.push(flatKline(open, nextKlineOpen(series, open) - 1, reported.close));
          if (klines.length > MISSED_KLINES + 2) klines.splice(1, 1);
        }
      }
      this.openKlines.set(stream, klines[klines.length - 1] ?? latest?.[latest.length - 1] ?? null);
      klines.forEach((kline, i) =>
        pending.push([stream, () => klineEvent(now, market.symbol, series.interval, kline, i < klines.length - 1)]),
      );
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
