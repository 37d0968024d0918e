import type { Election } from '../cluster/cluster';
import type { ExchangeModule, ServerContext } from '../../platform/modules/context';
import type { MarketCatalog } from '../../markets/catalog';
import type { ReferencePrices } from '../../markets/reference-prices/reference-prices.service';
import type { TradingService } from '../trading.service';
import { liquidMarkets, listedInventory } from './liquid-markets';
import { MarketFlow } from './market-flow';
import { MarketMaker } from './market-maker';
import { ensureSystemTrader, topUpSystemTrader, type SystemTraderProfile } from './system-trader';

/**
 * The ladders' depth follows from it (liquid-markets.ts): about 40% of each market's inventory a
 * side, BTC and ETH deepest, hence tightest.
 */
export const MAKER: SystemTraderProfile = {
  email: 'market-maker@exchange.internal',
  full_name: 'Market Maker',
  inventory: { USD: '3000000', BTC: '12', ETH: '250', BNB: '1000', SOL: '3000', XRP: '200000', ADA: '500000' },
};

/** The simulated takers (MARKET_FLOW=on): enough for the flow's orders and the seeded past's. */
export const TAKER: SystemTraderProfile = {
  email: 'market-taker@exchange.internal',
  full_name: 'Market Taker',
  inventory: { USD: '500000', BTC: '2', ETH: '40', BNB: '150', SOL: '500', XRP: '40000', ADA: '100000' },
};

/** How often the system traders are checked for assets running low (topUpSystemTrader). */
const TOP_UP_MS = 60_000;

/**
 * The market maker (MARKET_MAKER=on), and beside it the simulated takers (MARKET_FLOW=on): live
 * books, trades and candles. One process runs them, the one elected by the 'market-maker' lock
 * (several would quote on top of each other and double the flow).
 */
export function liquidityModule(
  ctx: ServerContext,
  catalog: MarketCatalog,
  trading: TradingService,
  referencePrices: ReferencePrices,
  elect: Election,
): ExchangeModule {
  let maker: MarketMaker | null = null;
  let flow: MarketFlow | null = null;
  let topUps: NodeJS.Timeout | null = null;
  let stopFollowing = () => {};
  /** Ends the elected work: on shutdown, or when this process loses the election's lock. */
  const stopTrading = async () => {
    stopFollowing();
    if (topUps) clearInterval(topUps);
    await flow?.stop();
    await maker?.stop();
    [flow, maker, topUps] = [null, null, null];
  };
  return {
    name: 'liquidity',
    // It trades through the books at reference prices: it starts after them and stops before them.
    needs: ['trading', 'reference-prices'],
    async start() {
      if (ctx.config.MARKET_MAKER !== 'on') return;
      await elect(
        'market-maker',
        async () => {
          const makerId = await ensureSystemTrader(ctx.dataSource, MAKER);
          const takerId = await ensureSystemTrader(ctx.dataSource, TAKER);
          // The maker's inventory covers the markets listed since it was funded: a new base comes as a top-up.
          const makerProfile = () => ({
            ...MAKER,
            inventory: listedInventory(MAKER.inventory, liquidMarkets(catalog)),
          });
          const topUp = async (userId: string, profile: SystemTraderProfile) => {
            const added = await topUpSystemTrader(ctx.dataSource, userId, profile);
            if (added.length > 0) ctx.logger.info({ trader: profile.email, added }, 'system trader topped up');
            return added;
          };
          const topUpBoth = async () => {
            await topUp(makerId, makerProfile());
            await topUp(takerId, TAKER);
          };
          const warn = (err: unknown) => ctx.logger.warn({ err }, 'top-up failed');
          await topUpBoth();
          topUps = setInterval(() => void topUpBoth().catch(warn), TOP_UP_MS);
          // A market listed: its base arrives now, and the maker quotes it at once rather than at its turn.
          const fundListed = async () => {
            const added = new Set((await topUp(makerId, makerProfile())).map(([asset]) => asset));
            for (const market of liquidMarkets(catalog)) if (added.has(market.base)) maker?.quoteSoon(market.symbol);
          };
          stopFollowing = catalog.onChange(() => void fundListed().catch(warn));
          maker = new MarketMaker(
            ctx.dataSource,
            catalog,
            trading,
            referencePrices,
            { makerId, inventory: MAKER.inventory },
            ctx.logger,
            ctx.outages,
          );
          maker.start();
          if (ctx.config.MARKET_FLOW === 'on') {
            flow = new MarketFlow(
              ctx.dataSource,
              catalog,
              trading,
              referencePrices,
              { takerId, inventory: TAKER.inventory, makerInventory: MAKER.inventory },
              ctx.logger,
            );
            flow.start();
          }
        },
        stopTrading,
      );
    },
    stop: stopTrading,
  };
}
