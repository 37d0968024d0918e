import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import type { SignInService } from '../../identity/sign-in/sign-in.service';
import type { ApiKeysService } from '../../identity/api-keys/api-keys.service';
import type { SessionService } from '../../identity/sessions/sessions.service';
import type { TwoFactorService } from '../../identity/two-factor/two-factor.service';
import type { AccountsService } from '../../money/accounts/accounts.service';
import type { BankAccountsService } from '../../money/bank-accounts/bank-accounts.service';
import type { EarnProducts } from '../../money/earn/earn-products';
import type { EarnService } from '../../money/earn/earn.service';
import type { FundingService } from '../../money/funding/funding.service';
import type { KycService } from '../../money/kyc/kyc.service';
import type { MarketCatalog } from '../../markets/catalog';
import type { EventBus } from '../../platform/bus/event-bus';
import type { OrderMetrics } from '../../platform/metrics/orders';
import type { DeskService } from '../../trading/desk/desk.service';
import type { DollarPriceBook } from '../../trading/market-data/dollar-prices';
import type { InstrumentQuotes } from '../../trading/market-data/instrument-quotes';
import type { MarketDataService } from '../../trading/market-data/market-data.service';
import type { TradingService } from '../../trading/trading.service';
import type { ReferralsService } from '../../trading/referrals/referrals.service';
import { accountsRoutes } from './accounts.routes';
import { apiKeysRoutes } from './api-keys.routes';
import { authRoutes } from './auth.routes';
import { bankAccountsRoutes } from './bank-accounts.routes';
import { deskRoutes } from './desk.routes';
import { earnRoutes } from './earn.routes';
import { feeTiersRoutes } from './fee-tiers.routes';
import { depositAndWithdrawalRoutes } from './funding.routes';
import { healthRoutes } from './health.routes';
import { kycRoutes } from './kyc.routes';
import { marketDataRoutes } from './market-data.routes';
import { marketsRoutes } from './markets.routes';
import { referralRoutes } from './referral.routes';
import type { RouteSpec } from './route';
import { sessionsRoutes } from './sessions.routes';
import { orderListRoutes } from './order-lists.routes';
import { tradingRoutes } from './trading.routes';
import { twoFactorRoutes } from './two-factor.routes';

/** What the web API's routes call: the domains' services, composed by the app. */
export interface WebServices {
  dataSource: DataSource;
  bus: EventBus;
  embeddedDatabase: boolean;
  /** The login and registration budget per address. */
  authLimiter: RateLimiterAbstract;
  auth: SignInService;
  sessions: SessionService;
  twoFactor: TwoFactorService;
  apiKeys: ApiKeysService;
  accounts: AccountsService;
  funding: FundingService;
  earnProducts: EarnProducts;
  earn: EarnService;
  referrals: ReferralsService;
  /** PUBLIC_URL: where links given out point. */
  publicUrl: string | undefined;
  kyc: KycService;
  bankAccounts: BankAccountsService;
  trading: TradingService;
  /** Counts the orders placed here (platform/metrics). */
  orderMetrics: OrderMetrics;
  marketData: MarketDataService;
  quotes: InstrumentQuotes;
  /** Assets' dollar prices now and at a day's start, for the Assets page. */
  dollarPrices: DollarPriceBook;
  desk: DeskService;
  catalog: MarketCatalog;
}

/** Every route of the web API, the administrator's (gateways/admin) among them, in the order /api/openapi.json lists them. */
export function webRoutes(services: WebServices, adminRoutes: RouteSpec[]): RouteSpec[] {
  return [
    ...healthRoutes(services.dataSource, services.embeddedDatabase, services.bus),
    ...marketsRoutes(services.catalog),
    ...authRoutes(services.auth, services.dataSource, services.authLimiter),
    ...sessionsRoutes(services.sessions),
    ...twoFactorRoutes(services.twoFactor),
    ...accountsRoutes(services.accounts, services.dollarPrices),
    ...feeTiersRoutes(services.dataSource),
    ...depositAndWithdrawalRoutes(services.funding, services.twoFactor),
    ...earnRoutes(services.earnProducts, services.earn),
    ...referralRoutes(services.referrals, services.publicUrl),
    ...kycRoutes(services.kyc),
    ...bankAccountsRoutes(services.bankAccounts),
    ...apiKeysRoutes(services.apiKeys, services.twoFactor),
    ...adminRoutes,
    ...tradingRoutes(services.trading, services.orderMetrics),
    ...orderListRoutes(services.trading),
    ...marketDataRoutes(services.marketData, services.quotes, services.catalog),
    ...deskRoutes(services.desk),
  ];
}
