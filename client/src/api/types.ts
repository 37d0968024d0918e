/** Shapes of the API answers (SPEC section 7 and the team's contract). */

export type KycStatus = 'pending' | 'submitted' | 'approved' | 'rejected';
export type FundingStatus = 'pending' | 'approved' | 'rejected' | string;
export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market' | 'stop_limit';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
export type DocumentType = 'passport' | 'id_card' | 'drivers_license';

export interface User {
  id: string;
  full_name: string;
  email: string;
  is_admin: boolean;
  is_active: boolean;
  kyc_status: KycStatus | string;
  balance: number;
  created_at?: string;
}

export interface AuthResponse {
  token: string;
  user: User;
}

export interface AssetBalance {
  asset: string;
  available: number;
  locked: number;
  total: number;
}

export interface UserRef {
  id: string;
  full_name: string;
  email: string;
}

export interface FundingRequest {
  id: string;
  amount: number;
  status: FundingStatus;
  created_at: string;
  admin_notes?: string | null;
  user?: UserRef;
}

export interface SimpleTrade {
  id: string;
  symbol: string;
  type: Side;
  amount: number;
  price?: number;
  total: number;
  created_at: string;
}

export interface KycStatusResponse {
  status: KycStatus | string;
  admin_notes?: string | null;
}

export interface KycSubmission {
  id: string;
  document_type: DocumentType | string;
  status: FundingStatus;
  submitted_at: string;
  admin_notes?: string | null;
  document_url?: string;
  user?: UserRef;
}

export interface BankAccount {
  id: string;
  bank_name: string;
  account_number: string;
  account_holder: string;
  is_active: boolean;
}

export interface AdminStats {
  total_users: number;
  pending_deposits: number;
  pending_withdrawals: number;
  pending_kyc: number;
}

export interface Order {
  id: string;
  symbol: string;
  type: OrderType | string;
  side: Side;
  price: number | null;
  stop_price?: number | null;
  amount: number;
  filled: number;
  average_price?: number | null;
  status: string;
  time_in_force?: string;
  created_at: string;
}

export interface PlaceOrderPayload {
  symbol: string;
  side: Side;
  type: OrderType;
  amount: number;
  price: number | null;
  stop_price?: number | null;
  time_in_force?: TimeInForce;
}

export interface UserTrade {
  id: string;
  symbol: string;
  side: Side;
  price: number;
  amount: number;
  fee: number;
  total: number;
  created_at: string;
}

export interface Ticker {
  symbol: string;
  last_price: number;
  price_change: number;
  price_change_percent: number;
  high: number;
  low: number;
  volume: number;
  quote_volume: number;
}

export type Level = [number, number];

export interface Depth {
  bids: Level[];
  asks: Level[];
}

export interface MarketTrade {
  id: string | number;
  price: number;
  quantity: number;
  time: number;
  is_buyer_maker: boolean;
}

export interface Kline {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Quote {
  symbol: string;
  name: string;
  price: number;
  kind: 'crypto' | 'forex';
}
