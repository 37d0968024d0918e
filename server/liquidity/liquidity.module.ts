import type { Election } from '../cluster/cluster';
import type { ExchangeModule, ServerContext } from '../context';
import type { ReferencePrices } from '../reference-prices/reference-prices.service';
import type { TradingService } from '../trading/trading.service';
import { MarketMaker } from './market-maker';
import { ensureSystemTrader, type SystemTraderProfile } from './system-trader';

/** Enough of each asset for several layers a side on every market, at the seed prices. */
export const MAKER: SystemTraderProfile = {
  email: 'market-maker@exchange.internal',
  full_name: 'Market Maker',
  inventory: { USD: '2000000', BTC: '5', ETH: '120', BNB: '700', SOL: '2500', XRP: '200000', ADA: '600000' },
};

/** Small: it only places the occasional market order that makes the first trades and candles. */
export const TAKER: SystemTraderProfile = {
  email: 'market-taker@exchange.internal',
  full_name: 'Market Taker',
  inventory: { USD: '200000', BTC: '0.5', ETH: '12', BNB: '70', SOL: '250', XRP: '20000', ADA: '60000' },
};

/**
 * The market maker (MARKET_MAKER=on): live books, trades and candles from the first start. One
 * process runs it, the one elected by the 'market-maker' lock (several would quote on top of each other).
 */
export function liquidityModule(
  ctx: ServerContext,
  trading: TradingService,
  referencePrices: ReferencePrices,
  elect: Election,
): ExchangeModule {
  let maker: MarketMaker | null = null;
  return {
    routes: [],
    async start() {
      if (ctx.config.MARKET_MAKER !== 'on') return;
      await elect('market-maker', async () => {
        const makerId = await ensureSystemTrader(ctx.dataSource, MAKER);
        const takerId = await ensureSystemTrader(ctx.dataSource, TAKER);
        maker = new MarketMaker(
          ctx.dataSource,
          trading,
          referencePrices,
          { makerId, takerId, makerUsd: MAKER.inventory.USD! },
          ctx.logger,
        );
        maker.start();
      });
    },
    async stop() {
      await maker?.stop();
    },
  };
}
