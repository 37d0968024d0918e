import type { Refusal } from '../../../kernel/refusal';
import type { IdentityRefusal } from '../../../identity/auth/refusals';
import type { LedgerRefusal } from '../../../ledger/refusals';
import type { TradingRefusal } from '../../../trading/orders/refusals';
import type { BinanceCode } from './binance-codes';

/** A refusal as Binance words it: its status, the name of its Binance code, and its msg. */
export interface BinanceWording {
  status: number;
  code: keyof typeof BinanceCode;
  msg: string;
}

const newOrderRejected = (msg: string): BinanceWording => ({ status: 400, code: 'NEW_ORDER_REJECTED', msg });
const notional: BinanceWording = { status: 400, code: 'INVALID_MESSAGE', msg: 'Filter failure: NOTIONAL' };
const closed = newOrderRejected('Market is closed.');
const amendRejected = (msg: string): BinanceWording => ({ status: 400, code: 'ORDER_AMEND_REJECTED', msg });

/**
 * The refusals Binance has words for, a new order's and an amend's. The others keep the web API's detail
 * (knownBinanceError, placementRefusal).
 */
const WORDINGS: { readonly [Code in LedgerRefusal | IdentityRefusal | TradingRefusal]?: BinanceWording } = {
  'insufficient-balance': newOrderRejected('Account has insufficient balance for requested action.'),
  'duplicate-client-order-id': newOrderRejected('Duplicate order sent.'),
  'post-only-would-take': newOrderRejected('Order would immediately match and take.'),
  'stop-would-trigger': newOrderRejected('Stop price would trigger immediately.'),
  'kyc-required': newOrderRejected('This account may not place or cancel orders.'),
  'below-minimum-value': notional,
  'rejected-below-minimum': notional,
  'order-value-too-large': notional,
  'market-halted': closed,
  'market-cancel-only': closed,
  'insufficient-liquidity': newOrderRejected('Insufficient liquidity on the book for this order.'),
  'amend-not-smaller': amendRejected('Order amend (quantity increase) is not supported.'),
  'amend-below-filled': amendRejected('Order amend (quantity below the executed quantity) is not supported.'),
};

/** Binance's words for a refusal; undefined for one it has none for. */
export const binanceWording = (refusal: Refusal): BinanceWording | undefined =>
  WORDINGS[refusal.code as LedgerRefusal | IdentityRefusal | TradingRefusal];
