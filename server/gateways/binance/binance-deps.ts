import type Router from '@koa/router';
import type { ApiKeyAccess } from '../../identity/api-keys/api-keys.module';
import type { ServerContext } from '../../platform/modules/context';
import type { MarketCatalog } from '../../markets/catalog';
import type { MarketDataService } from '../../trading/market-data/market-data.service';
import type { TradingService } from '../../trading/trading.service';
import type { IpBans } from './protocol/ip-bans';
import type { RequestLimits } from './request-weight';

/** What the Binance-compatible surface is built from: the same services the web API uses. */
export interface BinanceApiDeps {
  context: ServerContext;
  trading: TradingService;
  catalog: MarketCatalog;
  marketData: MarketDataService;
  /** The keys signed requests name (signed-request.ts). */
  apiKeys: ApiKeyAccess;
  /** Request weights and order counts (request-weight.ts). */
  limits: RequestLimits;
  /** Addresses banned for going on past the limits (ip-bans.ts). */
  bans: IpBans;
}

/** A part of the surface (market data, orders, account...): adds its routes to the router. */
export type BinanceRoutes = (router: Router, deps: BinanceApiDeps) => void;
