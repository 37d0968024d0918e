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
  | 'stop-market-buy-needs-stop-price'
  // An order list: its market buys (a list's orders are held for as they are placed, at a price).
  | 'list-market-buy-not-supported'
  | 'iceberg-not-gtc-limit'
  | 'iceberg-not-smaller'
  | 'trailing-not-stop'
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
  | 'order-list-not-found'
  | 'order-list-not-open'
  // An amend (keepPriority): the new amount must be below the order's and above what it has filled.
  | 'amend-not-smaller'
  | 'amend-below-filled'
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
