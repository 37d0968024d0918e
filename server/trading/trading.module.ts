import type { ExchangeModule, ServerContext } from '../context';
import { money } from '../ledger/money';
import { BOOK_MARKETS } from '../markets/catalog';
import { CommitLane } from './commit-lane';
import type { FeeRates } from './funds-hold';
import { MarketSequencer } from './market-sequencer';
import { recoverMarket } from './recovery';
import { publishCommittedBatch } from './trading-notifications';
import { tradingRoutes } from './trading.routes';
import { TradingService } from './trading.service';

const ppm = (rate: string) => money(rate).times(1_000_000).toNumber();

/**
 * The trading core: one sequencer per book market, rebuilt from the database on start, drained
 * and snapshotted on stop. The service is exposed for modules that trade or read the books.
 */
export function tradingModule(ctx: ServerContext): ExchangeModule & { service: TradingService } {
  const service = new TradingService(ctx.dataSource);
  const fees: FeeRates = { makerPpm: ppm(ctx.config.MAKER_FEE_RATE), takerPpm: ppm(ctx.config.TAKER_FEE_RATE) };
  const lane = new CommitLane();
  const sequencers: MarketSequencer[] = [];
  return {
    service,
    routes: tradingRoutes(service),
    async start() {
      for (const market of BOOK_MARKETS) {
        const state = await recoverMarket(ctx.dataSource, market, ctx.logger);
        const sequencer = new MarketSequencer(state, ctx.dataSource, lane, fees, ctx.logger, (batch) => publishCommittedBatch(ctx, batch));
        sequencers.push(sequencer);
        service.attach(market.symbol, sequencer);
      }
    },
    async stop() {
      for (const sequencer of sequencers) await sequencer.stop();
    },
  };
}
