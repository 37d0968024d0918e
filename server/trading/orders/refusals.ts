import { refusals } from '../../kernel/refusal';

/**
 * What the trading core refuses (the web gateway words each code, the Binance gateway some). An
 * order its trader cannot pay for is the ledger's 'insufficient-balance'.
 */
export type TradingRefusal =
  // An order's terms against its market's rules (books/order-input.ts); `field`: 'price' or 'stop_price'.
  | 'quote-amount-not-allowed'
  | 'price-required'
  | 'price-not-multiple-of-tick'
  | 'price-too-large'
  | 'amount-required'
  | 'amount-not-multiple-of-lot'
  | 'amount-too-large'
  | 'quote-amount-not-multiple-of-step'
  | 'quote-amount-too-large'
  | 'market-order-cannot-rest'
  | 'quote-order-cannot-be-fill-or-kill'
  | 'post-only-not-gtc-limit'
  | 'order-value-too-large'
  | 'below-minimum-value'
  // The trader: one the round cannot find (those it may refuse are identity's, auth/may-trade.ts).
  | 'unknown-trader'
  // The market and its book.
  | 'unknown-symbol'
  | 'market-halted'
  | 'market-cancel-only'
  | 'duplicate-client-order-id'
  | 'order-not-found'
  | 'order-not-open'
  | 'rules-changed'
  | 'book-not-empty'
  | 'stop-would-trigger'
  | 'insufficient-liquidity'
  // The engine's refusals of an order; 'order-rejected' with the engine's `reason` for any other.
  | 'post-only-would-take'
  | 'fill-or-kill-unfillable'
  | 'rejected-below-minimum'
  | 'duplicate-order-id'
  | 'order-rejected'
  // The books not serving yet: the caller may retry.
  | 'trading-starting'
  | 'market-unavailable';

export const refuseTrading = refusals<TradingRefusal>();
