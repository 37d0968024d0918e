import type { EntityManager } from 'typeorm';
import type { MarketSpec } from '../../../engine';
import type { Logger } from '../../platform/logger/logger';
import type { BookMarket, MarketCatalog } from '../../markets/catalog';
import type { Submission, Outcome } from '../sequencer/order-execution';
import type { OrderSequencer } from '../sequencer/order-sequencer';
import type { Books } from '../trading.service';
import type { Cluster } from './cluster';
import { marketUnavailable } from './forwarder';

export const bookLock = (symbol: string) => `book:${symbol}`;

/** Answering other processes' calls for a book: started once it is rebuilt here, stopped when it goes. */
export interface BookServing {
  start(symbol: string): Promise<void>;
  stop(symbol: string): Promise<void>;
}

/**
 * The books this process owns: a symbol's book is served by the one process holding its advisory
 * lock. Locks are tried at start and every CLAIM_INTERVAL_MS after, so when an owner dies a
 * survivor takes its symbols, rebuilds their books from the database (recovery) and only then
 * serves them. Each claim that wins symbols starts one sequencer, their single writer. Should the
 * lock session be lost, every book goes at once (see release), to be claimed again.
 */
export class BookOwnership implements Books {
  private readonly sequencers = new Map<string, OrderSequencer>();
  /** Locks this process holds (its book may still be recovering): session locks are re-entrant, so never ask twice. */
  private readonly held = new Set<string>();
  private claiming: Promise<void> | null = null;
  private active = false;

  constructor(
    private readonly cluster: Cluster,
    private readonly catalog: MarketCatalog,
    private readonly open: (markets: BookMarket[]) => Promise<OrderSequencer>,
    private readonly serving: BookServing,
    private readonly logger: Logger,
  ) {
    cluster.onLockLoss(() => this.release());
  }

  owns(symbol: string): boolean {
    return this.sequencers.has(symbol);
  }

  committedBook(symbol: string) {
    return this.sequencers.get(symbol)?.committedBook(symbol);
  }

  submit(symbol: string, submission: Submission): Promise<Outcome> {
    const sequencer = this.sequencers.get(symbol);
    return sequencer ? sequencer.submit(symbol, submission) : Promise.reject(marketUnavailable());
  }

  changeSpec(symbol: string, record: (manager: EntityManager) => Promise<MarketSpec>): Promise<void> {
    const sequencer = this.sequencers.get(symbol);
    return sequencer ? sequencer.changeSpec(symbol, record) : Promise.reject(marketUnavailable());
  }

  async start(): Promise<void> {
    this.active = true;
    await this.cluster.every(() => this.claim());
  }

  /** Tries every book lock not held yet; a call while a claim runs shares it. */
  claim(): Promise<void> {
    if (!this.active) return Promise.resolve();
    this.claiming ??= this.claimFree().finally(() => {
      this.claiming = null;
    });
    return this.claiming;
  }

  /** Stops claiming and answering calls, and drains the owned books; the locks go when the cluster closes. */
  async stop(): Promise<void> {
    this.active = false;
    await this.claiming;
    // Stop taking calls first: the others then see no owner and wait for the next one, not for a reply from here.
    for (const symbol of this.sequencers.keys()) await this.serving.stop(symbol);
    for (const sequencer of new Set(this.sequencers.values())) await sequencer.stop();
  }

  /**
   * The lock session is lost, and with it every lock: another process may own these books already.
   * Nothing more is written here: the sequencers refuse what waits ('market-unavailable') and
   * launch no round; calls from the others are no longer answered. The claims take the books
   * again, rebuilt from the database, once a session is back.
   */
  private async release(): Promise<void> {
    const dropped = [this.dropAll()];
    // A claim under way may still win books on the lost session: they go too once it ends.
    while (this.claiming) {
      await this.claiming;
      dropped.push(this.dropAll());
    }
    await Promise.all(dropped);
  }

  private async dropAll(): Promise<void> {
    const sequencers = new Set(this.sequencers.values());
    const symbols = [...this.sequencers.keys()];
    this.sequencers.clear();
    this.held.clear();
    const halted = [...sequencers].map((sequencer) => sequencer.halt(marketUnavailable));
    for (const symbol of symbols) await this.serving.stop(symbol).catch(() => undefined);
    await Promise.all(halted);
  }

  private async claimFree(): Promise<void> {
    const won: BookMarket[] = [];
    try {
      for (const market of this.catalog.bookMarkets()) {
        if (this.held.has(market.symbol) || !(await this.cluster.locks.tryLock(bookLock(market.symbol)))) continue;
        this.held.add(market.symbol);
        won.push(market);
      }
      if (won.length === 0) return;
      const sequencer = await this.open(won);
      for (const market of won) {
        this.sequencers.set(market.symbol, sequencer);
        await this.serving.start(market.symbol);
      }
      this.logger.info({ symbols: won.map((m) => m.symbol) }, 'this process now owns these books');
    } catch (error) {
      // A book this process cannot rebuild must not stay locked away from the others.
      this.logger.error({ err: error, symbols: won.map((m) => m.symbol) }, 'claiming books failed; releasing them');
      for (const market of won.filter((m) => !this.sequencers.has(m.symbol))) {
        this.held.delete(market.symbol);
        await this.cluster.locks.unlock(bookLock(market.symbol)).catch(() => undefined);
      }
    }
  }
}
