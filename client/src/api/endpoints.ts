/** One typed function per endpoint: its method, path and parameters, and the type of its answer. */
import { downloadFile, request, requestPage } from './client';
import type {
  AccountSession,
  AdminEarnProduct,
  AdminMarket,
  AdminStats,
  ApiKey,
  AssetBalance,
  FeeTier,
  FeeTierChange,
  TraderFeeTier,
  AuditEntry,
  AuthResponse,
  BankAccount,
  CreatedApiKey,
  DocumentType,
  EarnPosition,
  EarnProduct,
  EarnProductChange,
  FundingLimits,
  FundingRequest,
  KycStatusResponse,
  KycSubmission,
  LedgerCheck,
  LoginHistoryEntry,
  MarketChange,
  MarketCatalog,
  NewApiKey,
  NewEarnProduct,
  NewMarket,
  CanceledOrders,
  HistoryTrade,
  Order,
  OrderFilters,
  OrderList,
  PlaceOrderListPayload,
  PlaceOrderPayload,
  Portfolio,
  ReferralCommission,
  ReferralSummary,
  Registration,
  SignedInUser,
  SimpleTrade,
  TradeHistoryFilters,
  TwoFactorSetup,
  TwoFactorStatus,
  User,
  UserDetail,
  UserTrade,
} from './types';

/** What the audit log is narrowed to: an administrator, an action or a kind of action, and days (YYYY-MM-DD, UTC). */
export interface AuditFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const authApi = {
  /** `totp`: the two-factor code, once the server has asked for it. */
  login: (email: string, password: string, totp?: string) =>
    request<AuthResponse>('POST', '/auth/login', { body: { email, password, totp }, auth: false }),
  register: (registration: Registration) =>
    request<AuthResponse>('POST', '/auth/register', { body: registration, auth: false }),
  me: () => request<SignedInUser>('GET', '/auth/me'),
  logout: () => request<void>('POST', '/auth/logout'),
};

export const accountApi = {
  sessions: () => request<AccountSession[]>('GET', '/account/sessions'),
  endSession: (id: string) => request<void>('DELETE', `/account/sessions/${encodeURIComponent(id)}`),
  logins: () => request<LoginHistoryEntry[]>('GET', '/account/logins'),
  changePassword: (current_password: string, new_password: string) =>
    request<{ sessions_ended: number }>('POST', '/account/password', { body: { current_password, new_password } }),
  twoFactor: () => request<TwoFactorStatus>('GET', '/account/2fa'),
  setUpTwoFactor: () => request<TwoFactorSetup>('POST', '/account/2fa/setup'),
  enableTwoFactor: (code: string) =>
    request<{ recovery_codes: string[] }>('POST', '/account/2fa/enable', { body: { code } }),
  disableTwoFactor: (code: string) => request<unknown>('POST', '/account/2fa/disable', { body: { code } }),
};

export const userApi = {
  balance: () => request<{ balance: number }>('GET', '/user/balance'),
  assets: () => request<AssetBalance[]>('GET', '/user/assets'),
  /** Every asset valued in dollars, with average cost and PnL, and the portfolio's Today's PnL. */
  portfolio: () => request<Portfolio>('GET', '/account/assets'),
};

export const feesApi = {
  tiers: () => request<FeeTier[]>('GET', '/fee-tiers'),
  mine: () => request<TraderFeeTier>('GET', '/account/fee-tier'),
};

export const fundingApi = {
  depositHistory: () => request<FundingRequest[]>('GET', '/deposit/history'),
  withdrawalHistory: () => request<FundingRequest[]>('GET', '/withdraw/history'),
  requestDeposit: (amount: number) =>
    request<FundingRequest>('POST', '/deposit/request', { query: { amount }, idempotent: true }),
  /** `totp`: the two-factor code, when the trader has two-factor on (sent in the body, out of URLs). */
  requestWithdrawal: (amount: number, totp?: string) =>
    request<FundingRequest>('POST', '/withdraw/request', {
      query: { amount },
      body: totp ? { totp } : undefined,
      idempotent: true,
    }),
  /** What the trader writes on a bank transfer, so an administrator can tell whose deposit arrived. */
  depositReference: () => request<{ deposit_reference: string }>('GET', '/deposit/reference'),
  /** Active bank accounts for deposits: a public list, asked for without the token. */
  bankAccounts: () => request<BankAccount[]>('GET', '/bank-accounts', { auth: false }),
};

export const marketsApi = {
  catalog: () => request<MarketCatalog>('GET', '/markets', { auth: false }),
};

export const kycApi = {
  status: () => request<KycStatusResponse>('GET', '/kyc/status'),
  submit: (document_type: DocumentType, document_data: string) =>
    request<unknown>('POST', '/kyc/submit', { body: { document_type, document_data }, idempotent: true }),
};

export const simpleTradeApi = {
  history: () => request<SimpleTrade[]>('GET', '/trade/history'),
  execute: (symbol: string, trade_type: 'buy' | 'sell', amount: number, price: number) =>
    request<SimpleTrade>('POST', '/trade', { query: { symbol, trade_type, amount, price }, idempotent: true }),
};

export const tradingApi = {
  placeOrder: (payload: PlaceOrderPayload) =>
    request<Order>('POST', '/trading/order', { body: payload, idempotent: true }),
  cancelOrder: (order_id: string) =>
    request<unknown>('DELETE', '/trading/order', { body: { order_id }, idempotent: true }),
  /** A new amount (filled part included) or price: a smaller amount keeps the order, anything else replaces it. */
  amendOrder: (edit: { order_id: string; amount?: string; price?: string }) =>
    request<Order>('PATCH', '/trading/order', { body: edit }),
  /** All or nothing; a retry with the same key answers what the first placed. */
  placeOrderList: (payload: PlaceOrderListPayload) =>
    request<OrderList>('POST', '/trading/order-list', { body: payload, idempotent: true }),
  cancelOrderList: (list_id: number) => request<OrderList>('DELETE', '/trading/order-list', { body: { list_id } }),
  /** The lists of the trade screen: one pair's (with a slash, BTC/USDT), or every pair's without one. */
  openOrders: (symbol?: string) => requestPage<Order>('/trading/orders/open', { symbol }),
  orderHistory: (symbol?: string) =>
    request<Order[]>('GET', '/trading/orders/history', { query: { symbol, limit: 50 } }),
  trades: (symbol?: string) => request<UserTrade[]>('GET', '/trading/trades', { query: { symbol, limit: 50 } }),
  /** The Orders page's lists, a page at a time with their totals, and the same filters exported as CSV. */
  openOrdersPage: (filters: OrderFilters, offset: number, limit: number) =>
    requestPage<Order>('/trading/orders/open', { ...filters, offset, limit }),
  orderHistoryPage: (filters: OrderFilters, offset: number, limit: number) =>
    requestPage<Order>('/trading/orders/history', { ...filters, offset, limit }),
  tradeHistoryPage: (filters: TradeHistoryFilters, offset: number, limit: number) =>
    requestPage<HistoryTrade>('/trade/history', { ...filters, offset, limit }),
  exportOpenOrders: (filters: OrderFilters) => downloadFile('/trading/orders/open/export', { ...filters }),
  exportOrderHistory: (filters: OrderFilters) => downloadFile('/trading/orders/history/export', { ...filters }),
  exportTradeHistory: (filters: TradeHistoryFilters) => downloadFile('/trade/history/export', { ...filters }),
  /** Cancels the open orders of one pair (with a slash), or of every pair. */
  cancelAll: (symbol?: string) => request<CanceledOrders>('DELETE', '/trading/orders', { body: { symbol } }),
};

export const apiKeysApi = {
  list: () => request<ApiKey[]>('GET', '/account/api-keys'),
  create: (key: NewApiKey) => request<CreatedApiKey>('POST', '/account/api-keys', { body: key }),
  revoke: (id: string) => request<ApiKey>('DELETE', `/account/api-keys/${id}`),
};

export const earnApi = {
  products: () => request<EarnProduct[]>('GET', '/earn/products', { auth: false }),
  positions: () => request<EarnPosition[]>('GET', '/earn/positions'),
  subscribe: (product_id: string, amount: string) =>
    request<EarnPosition>('POST', '/earn/subscribe', { body: { product_id, amount }, idempotent: true }),
  redeem: (position_id: string) =>
    request<EarnPosition>('POST', '/earn/redeem', { body: { position_id }, idempotent: true }),
};

export const referralApi = {
  summary: () => request<ReferralSummary>('GET', '/referral'),
  /** Newest first, a page at a time. */
  commissions: (offset: number, limit: number) =>
    requestPage<ReferralCommission>('/referral/commissions', { offset, limit }),
};

export const adminApi = {
  /** The lists come a page at a time, with the size of the whole list. */
  users: (offset: number, limit: number) => requestPage<User>('/admin/users', { offset, limit }),
  deposits: (offset: number, limit: number) => requestPage<FundingRequest>('/admin/deposits', { offset, limit }),
  withdrawals: (offset: number, limit: number) => requestPage<FundingRequest>('/admin/withdrawals', { offset, limit }),
  kyc: (offset: number, limit: number) => requestPage<KycSubmission>('/admin/kyc', { offset, limit }),
  bankAccounts: () => request<BankAccount[]>('GET', '/admin/bank-accounts'),
  stats: () => request<AdminStats>('GET', '/admin/stats'),
  suspendUser: (user_id: string) => request<unknown>('POST', '/admin/user/suspend', { query: { user_id } }),
  activateUser: (user_id: string) => request<unknown>('POST', '/admin/user/activate', { query: { user_id } }),
  user: (id: string) => request<UserDetail>('GET', `/admin/users/${encodeURIComponent(id)}`),
  /** One user's orders, trades, funding or sessions, a page at a time. */
  userList: <T>(id: string, list: 'orders' | 'trades' | 'funding' | 'sessions', offset: number, limit: number) =>
    requestPage<T>(`/admin/users/${encodeURIComponent(id)}/${list}`, { offset, limit }),
  limits: () => request<FundingLimits>('GET', '/admin/limits'),
  saveLimits: (limits: FundingLimits) => request<FundingLimits>('PUT', '/admin/limits', { body: limits }),
  audit: (filters: AuditFilters, offset: number, limit: number) =>
    requestPage<AuditEntry>('/admin/audit', { ...filters, offset, limit }),
  exportAudit: (filters: AuditFilters) => downloadFile('/admin/audit/export', { ...filters }),
  checkLedger: () => request<LedgerCheck>('GET', '/admin/ledger/check'),
  exportLedger: (from: string, to: string) => downloadFile('/admin/ledger/export', { from, to }),
  approveDeposit: (deposit_id: string, admin_notes: string) =>
    request<unknown>('POST', '/admin/deposit/approve', { query: { deposit_id, admin_notes }, idempotent: true }),
  rejectDeposit: (deposit_id: string, admin_notes: string) =>
    request<unknown>('POST', '/admin/deposit/reject', { query: { deposit_id, admin_notes }, idempotent: true }),
  approveWithdrawal: (withdrawal_id: string, admin_notes: string) =>
    request<unknown>('POST', '/admin/withdrawal/approve', { query: { withdrawal_id, admin_notes }, idempotent: true }),
  rejectWithdrawal: (withdrawal_id: string, admin_notes: string) =>
    request<unknown>('POST', '/admin/withdrawal/reject', { query: { withdrawal_id, admin_notes }, idempotent: true }),
  approveKyc: (kyc_id: string, admin_notes: string) =>
    request<unknown>('POST', '/admin/kyc/approve', { query: { kyc_id, admin_notes }, idempotent: true }),
  rejectKyc: (kyc_id: string, admin_notes: string) =>
    request<unknown>('POST', '/admin/kyc/reject', { query: { kyc_id, admin_notes }, idempotent: true }),
  createBankAccount: (bank_name: string, account_number: string, account_holder: string) =>
    request<BankAccount>('POST', '/admin/bank-account', { body: { bank_name, account_number, account_holder } }),
  toggleBankAccount: (id: string) => request<unknown>('POST', `/admin/bank-account/${encodeURIComponent(id)}/toggle`),
  deleteBankAccount: (id: string) => request<unknown>('DELETE', `/admin/bank-account/${encodeURIComponent(id)}`),
  markets: () => request<AdminMarket[]>('GET', '/admin/markets'),
  listMarket: (market: NewMarket) => request<AdminMarket>('POST', '/admin/markets', { body: market }),
  changeMarket: (symbol: string, change: MarketChange) =>
    request<AdminMarket>('PATCH', `/admin/markets/${encodeURIComponent(symbol)}`, { body: change }),
  feeTiers: () => request<FeeTier[]>('GET', '/admin/fee-tiers'),
  saveFeeTiers: (tiers: FeeTierChange[]) => request<FeeTier[]>('PUT', '/admin/fee-tiers', { body: { tiers } }),
  earnProducts: () => request<AdminEarnProduct[]>('GET', '/admin/earn/products'),
  createEarnProduct: (product: NewEarnProduct) =>
    request<AdminEarnProduct>('POST', '/admin/earn/products', { body: product }),
  changeEarnProduct: (id: string, change: EarnProductChange) =>
    request<AdminEarnProduct>('PATCH', `/admin/earn/products/${encodeURIComponent(id)}`, { body: change }),
  cancelMarketOrders: (symbol: string) =>
    request<{ canceled: number }>('POST', `/admin/markets/${encodeURIComponent(symbol)}/cancel-orders`),
};
