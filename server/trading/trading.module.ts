import type { EntityManager } from 'typeorm';
import type { MarketSpec } from '../../engine';
import type { ExchangeModule, ServerContext } from '../platform/modules/context';
import { ensureAccounts } from '../ledger/ledger';
import { USD, type BookMarket, type MarketCatalog } from '../markets/catalog';
import { OrderSequencer } from './sequencer/order-sequencer';
import { recoverMarket, suspendedTradersWithOpenOrders } from './checkpoints/recovery';
import { publishCommittedRound } from './committed-rounds';
import { refuseTrading } from './orders/refusals';
import type { Outcome, Submission } from './sequencer/order-execution';
import { cancelAllOrdersOn, TradingService, type Books } from './trading.service';

/** How long what a round read of a trader serves the next rounds (see TraderCache). */
const TRADER_TRUST_MS = 1000;

/**
 * Rebuilds these markets' books from the database and starts one sequencer (their single writer)
 * for them; each commit is published. Suspended traders' orders still open are cancelled first.
 */
export async function openBooks(
  ctx: ServerContext,
  catalog: MarketCatalog,
  markets: readonly BookMarket[],
): Promise<OrderSequencer> {
  const states = [];
  for (const market of markets) states.push(await recoverMarket(ctx.dataSource, market, ctx.logger));
  // Every trade pays into it; traders' own accounts are created as they place orders (see readTraders).
  await ensureAccounts(ctx.dataSource.manager, { users: [], systems: [{ system: 'fees', asset: USD }] });
  // Processes sharing the books spend the same users' balances: each reads its traders for every round.
  const traderTrustMs = ctx.config.CLUSTER === 'on' ? 0 : TRADER_TRUST_MS;
  const sequencer = new OrderSequencer(
    states,
    ctx.dataSource,
    catalog,
    ctx.logger,
    (round) => publishCommittedRound(ctx, round),
    traderTrustMs,
    ctx.metrics.rounds,
  );
  // Orders a suspension left open (the server stopped before its cancels) go before the books serve anyone.
  const leftOpen = await suspendedTradersWithOpenOrders(ctx.dataSource, markets);
  const canceled = await Promise.all(
    leftOpen.map(({ symbol, userId }) => cancelAllOrdersOn(sequencer, symbol, userId)),
  );
  if (leftOpen.length > 0)
    ctx.logger.warn({ traders: leftOpen, canceled }, "suspended traders' open orders cancelled at start");
  return sequencer;
}

/** One process's books: a sequencer for the markets listed at start, and one more per listing since. */
class ProcessBooks implements Books {
  private readonly sequencers = new Map<string, OrderSequencer>();
  /** Books being opened: a command for a market listed a moment ago waits for its book. */
  opening: Promise<void> = Promise.resolve();

  has(symbol: string) {
    return this.sequencers.has(symbol);
  }

  add(markets: readonly BookMarket[], sequencer: OrderSequencer) {
    for (const market of markets) this.sequencers.set(market.symbol, sequencer);
  }

  committedBook(symbol: string) {
    return this.sequencers.get(symbol)?.committedBook(symbol);
  }

  async submit(symbol: string, submission: Submission): Promise<Outcome> {
    return (await this.sequencerOf(symbol)).submit(symbol, submission);
  }

  async changeSpec(symbol: string, record: (manager: EntityManager) => Promise<MarketSpec>): Promise<void> {
    return (await this.sequencerOf(symbol)).changeSpec(symbol, record);
  }

  private async sequencerOf(symbol: string): Promise<OrderSequencer> {
    const sequencer = this.sequencers.get(symbol) ?? (await this.opening.then(() => this.sequencers.get(symbol)));
    if (!sequencer) throw refuseTrading('trading-starting');
    return sequencer;
  }

  async stop() {
    for (const sequencer of new Set(this.sequencers.values())) await sequencer.stop();
  }
}

/**
 * The trading core: the books rebuilt from the database on start, drained and snapshotted on stop;
 * a market listed while it runs gets its book at once. The service is exposed for modules that
 * trade or read the books.
 */
export function tradingModule(
  ctx: ServerContext,
  catalog: MarketCatalog,
): ExchangeModule & { service: TradingService } {
  const service = new TradingService(ctx.dataSource, ctx.reads, catalog);
  const books = new ProcessBooks();
  // Openings run one at a time: a listing announced twice opens its book once.
  const openListed = () => {
    books.opening = books.opening
      .catch(() => undefined)
      .then(async () => {
        const unopened = catalog.bookMarkets().filter((market) => !books.has(market.symbol));
        if (unopened.length > 0) books.add(unopened, await openBooks(ctx, catalog, unopened));
      });
    return books.opening;
  };
  let stopFollowing = () => {};
  return {
    name: 'trading',
    // The books number their trades after the past's, which market history may seed.
    needs: ['market-history'],
    service,
    async start() {
      await openListed();
      service.attach(books);
      stopFollowing = catalog.onChange(() => {
        openListed().catch((error: unknown) => ctx.logger.error({ err: error }, 'opening a listed market failed'));
      });
    },
    async stop() {
      stopFollowing();
      await books.opening.catch(() => undefined);
      await books.stop();
    },
  };
}
