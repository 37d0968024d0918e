import type { Config } from '../../platform/config/config';
import type { Logger } from '../../platform/logger/logger';
import { money, type Money } from '../../kernel/money';
import type { MarketCatalog } from '../catalog';
import { findInstrument, instruments, type Instrument } from './instruments';
import { fetchPublicPrices } from './public-ticker';
import { nextWalkPrice, seededRandom, type Random, type WalkStep } from './random-walk';

const TICK_MS = 1000;
/** The public feed is polled less often than we tick: its prices change less often than that anyway. */
const PUBLIC_POLL_MS = 5000;

export const WALK: Record<Instrument['kind'], WalkStep> = {
  crypto: { volatility: 0.0004, reversion: 0.0005 },
  forex: { volatility: 0.00005, reversion: 0.0005 },
};

export type TickListener = () => void;

/**
 * The reference price of every instrument: where the market maker quotes and where the desk
 * trades. `simulated` walks around the seed prices; `public` follows the public exchange's ticker for
 * the crypto markets and keeps walking wherever it cannot be reached; `off` holds the seed prices.
 */
export class ReferencePrices {
  /** Each instrument's price once it has moved; an instrument listed since starts at its seed price. */
  private readonly prices = new Map<string, Money>();
  private readonly random: Random;
  private readonly listeners = new Set<TickListener>();
  private timer: NodeJS.Timeout | null = null;
  private lastPoll = 0;
  private polling = false;
  private publicReachable: boolean | null = null;

  constructor(
    private readonly catalog: MarketCatalog,
    private readonly config: Pick<Config, 'MARKET_FEED' | 'MARKET_FEED_SEED'>,
    private readonly logger: Logger,
  ) {
    this.random = seededRandom(config.MARKET_FEED_SEED ?? Date.now());
  }

  /** Whether prices move (a feed runs) or stay at the seed prices. */
  get live(): boolean {
    return this.config.MARKET_FEED !== 'off';
  }

  /** The current reference price; undefined for a symbol we do not list. */
  price(symbol: string): Money | undefined {
    const instrument = findInstrument(this.catalog, symbol);
    return instrument && this.current(instrument);
  }

  /** Called after every tick, once the new prices are in place, until the function returned is called. */
  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Moves the given instruments (symbol -> price) to those prices, e.g. their last trades after a restart. */
  resume(prices: ReadonlyMap<string, string>) {
    for (const [symbol, price] of prices) {
      const instrument = findInstrument(this.catalog, symbol);
      if (instrument) this.moveTo(instrument, price);
    }
  }

  start() {
    if (!this.live || this.timer) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Advances every price by one step (public prices replace the walk where they are known). */
  tick() {
    if (this.config.MARKET_FEED === 'public') this.pollPublic();
    for (const instrument of instruments(this.catalog)) {
      if (this.followsPublic(instrument)) continue;
      const next = nextWalkPrice(
        this.current(instrument),
        money(instrument.seedPrice),
        instrument.tickSize,
        WALK[instrument.kind],
        this.random,
      );
      this.prices.set(instrument.symbol, next);
    }
    for (const listener of this.listeners) listener();
  }

  private current(instrument: Instrument): Money {
    return this.prices.get(instrument.symbol) ?? money(instrument.seedPrice);
  }

  /** The instrument's price, from now on `price` to its nearest tick. */
  private moveTo(instrument: Instrument, price: string) {
    this.prices.set(instrument.symbol, money(price).toNearest(money(instrument.tickSize)));
  }

  private followsPublic(instrument: Instrument) {
    return this.config.MARKET_FEED === 'public' && instrument.kind === 'crypto' && this.publicReachable === true;
  }

  private pollPublic() {
    const now = Date.now();
    if (this.polling || now - this.lastPoll < PUBLIC_POLL_MS) return;
    this.polling = true;
    this.lastPoll = now;
    const crypto = instruments(this.catalog).filter((i) => i.kind === 'crypto');
    fetchPublicPrices(crypto.map((i) => i.symbol))
      .then((prices) => {
        for (const instrument of crypto) {
          const price = prices.get(instrument.symbol);
          if (price) this.moveTo(instrument, price);
        }
        if (this.publicReachable !== true) this.logger.info('public price feed reachable: following it');
        this.publicReachable = true;
      })
      .catch((error: unknown) => {
        // Logged once per outage, not once per poll.
        if (this.publicReachable !== false) {
          this.logger.warn(
            { err: error instanceof Error ? error.message : error },
            'public price feed unreachable: simulating prices',
          );
        }
        this.publicReachable = false;
      })
      .finally(() => {
        this.polling = false;
      });
  }
}
