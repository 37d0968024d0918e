import type { ExchangeModule, ServerContext } from '../context';
import { ensureAccounts } from '../ledger/ledger';
import { money } from '../ledger/money';
import { BOOK_MARKETS, USD, type BookMarket } from '../markets/catalog';
import type { FeeRates } from './sequencer/funds-hold';
import { OrderSequencer } from './sequencer/order-sequencer';
import { recoverMarket, suspendedTradersWithOpenOrders } from './checkpoints/recovery';
import { publishCommittedRound } from './trading-notifications';
import { tradingRoutes } from './trading.routes';
import { cancelAllOrdersOn, TradingService } from './trading.service';

const ppm = (rate: string) => money(rate).times(1_000_000).toNumber();

/** How long what a round read of a trader serves the next rounds (see TraderCache). */
const TRADER_TRUST_MS = 1000;

/**
 * Rebuilds these markets' books from the database and starts one sequencer (their single writer)
 * for them; each commit is published. Suspended traders' orders still open are cancelled first.
 */
export async function openBooks(ctx: ServerContext, markets: readonly BookMarket[]): Promise<OrderSequencer> {
  const fees: FeeRates = { makerPpm: ppm(ctx.config.MAKER_FEE_RATE), takerPpm: ppm(ctx.config.TAKER_FEE_RATE) };
  const states = [];
  for (const market of markets) states.push(await recoverMarket(ctx.dataSource, market, ctx.logger));
  // Every trade pays into it; traders' own accounts are created as they place orders (see readTraders).
  await ensureAccounts(ctx.dataSource.manager, { users: [], systems: [{ system: 'fees', asset: USD }] });
  // Processes sharing the books spend the same users' balances: each reads its traders for every round.
  const traderTrustMs = ctx.config.CLUSTER === 'on' ? 0 : TRADER_TRUST_MS;
  const sequencer = new OrderSequencer(
    states,
    ctx.dataSource,
    fees,
    ctx.logger,
    (round) => publishCommittedRound(ctx, round),
    traderTrustMs,
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

/**
 * The trading core: the books rebuilt from the database on start, drained and snapshotted on stop. The service is exposed for modules that trade or read the books.
 */
export function tradingModule(ctx: ServerContext): ExchangeModule & { service: TradingService } {
  const service = new TradingService(ctx.dataSource);
  let sequencer: OrderSequencer | null = null;
  return {
    service,
    routes: tradingRoutes(service),
    async start() {
      sequencer = await openBooks(ctx, BOOK_MARKETS);
      service.attach(sequencer);
    },
    async stop() {
      await sequencer?.stop();
    },
  };
}
