/**
 * The shapes of the API's requests and answers, named for the screens. Each is taken from the
 * generated `schema.d.ts` (the server's route declarations), so a change on the server shows up
 * here as a type error rather than as a blank field.
 */
import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body of a route's success answer. */
type Answer<Path extends keyof paths, M extends Method> = paths[Path][M] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The JSON body of a route that answers 201 Created. */
type Created<Path extends keyof paths, M extends Method> = paths[Path][M] extends {
  responses: { 201: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The query a route takes. */
type Query<Path extends keyof paths, M extends Method> = paths[Path][M] extends {
  parameters: { query?: infer Params };
}
  ? NonNullable<Params>
  : never;

/** The JSON body a route takes. */
type Body<Path extends keyof paths, M extends Method> = paths[Path][M] extends {
  requestBody?: { content: { 'application/json': infer Sent } };
}
  ? Sent
  : never;

/** A user, as the administrator's list shows one. */
export type User = Answer<'/api/admin/users', 'get'>[number];
/** The signed-in user (/auth/me, login's answer): a User, and what two-factor asks of them. */
export type SignedInUser = Answer<'/api/auth/me', 'get'>;
export type KycStatus = SignedInUser['kyc_status'];
export type AuthResponse = Answer<'/api/auth/login', 'post'>;
/** A new trader's account: name, e-mail, password and, when a trader referred them, that trader's code. */
export type Registration = Body<'/api/auth/register', 'post'>;
export type AssetBalance = Answer<'/api/user/assets', 'get'>[number];
/** The caller's holdings valued: each asset with its value, average cost and PnL, and the portfolio's Today's PnL. */
export type Portfolio = Answer<'/api/account/assets', 'get'>;
export type AssetValue = Portfolio['assets'][number];
export type FeeTier = Answer<'/api/fee-tiers', 'get'>[number];
/** A tier as PUT /admin/fee-tiers takes it: the volume as a number or the text typed. */
export type FeeTierChange = Body<'/api/admin/fee-tiers', 'put'>['tiers'][number];
export type TraderFeeTier = Answer<'/api/account/fee-tier', 'get'>;
/** Who a request came from, on the administrator's lists (null when the user is gone). */
export type UserRef = NonNullable<Answer<'/api/admin/deposits', 'get'>[number]['user']>;

/**
 * A deposit or withdrawal: the trader's history items; the administrator's lists add who asked, and
 * on deposits the reference the trader puts on transfers.
 */
export type FundingRequest = Answer<'/api/deposit/history', 'get'>[number] & {
  user?: UserRef | null;
  deposit_reference?: string | null;
};

export type SimpleTrade = Answer<'/api/trade', 'post'>;
export type KycStatusResponse = Answer<'/api/kyc/status', 'get'>;
export type DocumentType = Body<'/api/kyc/submit', 'post'>['document_type'];
export type KycSubmission = Answer<'/api/admin/kyc', 'get'>[number];
export type BankAccount = Answer<'/api/bank-accounts', 'get'>[number];
export type AdminStats = Answer<'/api/admin/stats', 'get'>;
/** The admin console: funding limits, the audit log, the ledger check, and one user's detail and lists. */
export type FundingLimits = Answer<'/api/admin/limits', 'get'>;
export type AuditEntry = Answer<'/api/admin/audit', 'get'>[number];
export type LedgerCheck = Answer<'/api/admin/ledger/check', 'get'>;
export type UserDetail = Answer<'/api/admin/users/{id}', 'get'>;
export type UserFunding = Answer<'/api/admin/users/{id}/funding', 'get'>[number];
export type UserSession = Answer<'/api/admin/users/{id}/sessions', 'get'>[number];

export type PlaceOrderPayload = Body<'/api/trading/order', 'post'>;
export type Side = PlaceOrderPayload['side'];
export type OrderType = PlaceOrderPayload['type'];
export type TimeInForce = NonNullable<PlaceOrderPayload['time_in_force']>;

export type Order = Answer<'/api/trading/orders/open', 'get'>[number];
export type PlaceOrderListPayload = Body<'/api/trading/order-list', 'post'>;
export type OrderList = Answer<'/api/trading/order-list', 'post'>;
export type UserTrade = Answer<'/api/trading/trades', 'get'>[number];
/** What a trader's order lists are narrowed to: pair, side, type and days (YYYY-MM-DD, UTC). */
export type OrderFilters = Omit<Query<'/api/trading/orders/history', 'get'>, 'limit' | 'offset'>;
/** A trade of the trade history: a desk trade or an order fill (`kind`), a fill with its order and fee. */
export type HistoryTrade = Answer<'/api/trade/history', 'get'>[number];
/** What the trade history is narrowed to: pair, side, kind and days. */
export type TradeHistoryFilters = Omit<Query<'/api/trade/history', 'get'>, 'limit' | 'offset'>;
/** Cancel all's answer: how many orders it cancelled, and those orders. */
export type CanceledOrders = Answer<'/api/trading/orders', 'delete'>;

export type Ticker = Answer<'/api/market/ticker', 'get'>;
/** A book's levels; `last_update_id` is absent when they come from the public exchange's feed (the fallback). */
export type Depth = Omit<Answer<'/api/market/depth', 'get'>, 'last_update_id'> & { last_update_id?: number };
/** [price, quantity] */
export type Level = Depth['bids'][number];
/**
 * The market room's 'depth' event: the levels that changed since the one before (quantity 0: the
 * level is gone), covering the book's update ids first_update_id..last_update_id.
 */
export type DepthUpdate = {
  symbol: string;
  first_update_id: number;
  last_update_id: number;
  bids: Level[];
  asks: Level[];
};
export type MarketTrade = Answer<'/api/market/trades', 'get'>[number];
export type Kline = Answer<'/api/market/klines', 'get'>[number];
export type Quote = Answer<'/api/market/quotes', 'get'>[number];

export type AccountSession = Answer<'/api/account/sessions', 'get'>[number];
export type LoginHistoryEntry = Answer<'/api/account/logins', 'get'>[number];
export type LoginFailure = NonNullable<LoginHistoryEntry['failure']>;
export type TwoFactorStatus = Answer<'/api/account/2fa', 'get'>;
export type TwoFactorSetup = Answer<'/api/account/2fa/setup', 'post'>;

export type MarketCatalog = Answer<'/api/markets', 'get'>;
export type BookMarket = MarketCatalog['markets'][number];
export type ForexPair = MarketCatalog['forex'][number];
export type MarketStatus = BookMarket['status'];
/** A listed market as the administrator's Markets tab shows it, with its status and fee rates. */
export type AdminMarket = Answer<'/api/admin/markets', 'get'>[number];
export type NewMarket = Body<'/api/admin/markets', 'post'>;
export type MarketChange = Body<'/api/admin/markets/{symbol}', 'patch'>;

/** An Earn product as traders see it; the admin's view adds what it holds and has paid. */
export type EarnProduct = Answer<'/api/earn/products', 'get'>[number];
export type EarnPosition = Answer<'/api/earn/positions', 'get'>[number];
export type AdminEarnProduct = Answer<'/api/admin/earn/products', 'get'>[number];
export type NewEarnProduct = Body<'/api/admin/earn/products', 'post'>;
export type EarnProductChange = Body<'/api/admin/earn/products/{id}', 'patch'>;

/** A trader's referral programme: code, link, commission rate, traders referred, USD earned; and one commission paid. */
export type ReferralSummary = Answer<'/api/referral', 'get'>;
export type ReferralCommission = Answer<'/api/referral/commissions', 'get'>[number];

/** An API key of the Binance-compatible API, as listed (never its secret). */
export type ApiKey = Answer<'/api/account/api-keys', 'get'>[number];
export type NewApiKey = Body<'/api/account/api-keys', 'post'>;
/** A key just created: the only answer that carries its secret. */
export type CreatedApiKey = Created<'/api/account/api-keys', 'post'>;
