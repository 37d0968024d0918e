import type { Refusal } from '../../kernel/refusal';
import type { LedgerRefusal } from '../../ledger/refusals';
import { HttpError } from '../../platform/http/errors';
import { INVALID_TOKEN } from '../../identity/auth/authenticator';
import { INVALID_AMOUNT } from '../../trading/desk/desk.service';
import type { DeskRefusal } from '../../trading/desk/refusals';
import { SUSPENDED } from '../../trading/may-trade';
import type { TradingRefusal } from '../../trading/refusals';

/** Every code a domain refuses with. The table below must word each one: a new code fails the type check until it does. */
type RefusalCode = LedgerRefusal | TradingRefusal | DeskRefusal;

type Detail = string | ((data: Readonly<Record<string, unknown>>) => string);

/** The web API's answer to each refusal: its status and {detail}. */
const ANSWERS: { readonly [Code in RefusalCode]: readonly [status: number, detail: Detail] } = {
  'insufficient-balance': [400, 'Insufficient balance'],
  // trading
  'quote-amount-not-allowed': [400, 'Only a market buy may give a quote amount instead of an amount'],
  'price-required': [
    400,
    ({ field, type }) => `${priceField(field)} is required for a ${String(type).replace('_', '-')} order`,
  ],
  'price-not-multiple-of-tick': [
    400,
    ({ field, tickSize }) => `${priceField(field)} must be a multiple of the tick size ${String(tickSize)}`,
  ],
  'price-too-large': [400, ({ field }) => `${priceField(field)} is too large`],
  'amount-required': [400, 'Amount is required'],
  'amount-not-multiple-of-lot': [400, ({ lotSize }) => `Amount must be a multiple of the lot size ${String(lotSize)}`],
  'amount-too-large': [400, 'Amount is too large'],
  'quote-amount-not-multiple-of-step': [400, ({ step }) => `Quote amount must be a multiple of ${String(step)}`],
  'quote-amount-too-large': [400, 'Quote amount is too large'],
  'market-order-cannot-rest': [400, 'A market order cannot rest on the book: use IOC or FOK'],
  'quote-order-cannot-be-fill-or-kill': [400, 'A market buy by quote amount cannot be fill-or-kill'],
  'post-only-not-gtc-limit': [400, 'Only a GTC limit order can be post-only'],
  'order-value-too-large': [400, 'Order value is too large'],
  'below-minimum-value': [400, ({ minNotional }) => `Order value must be at least ${String(minNotional)} USDT`],
  'unknown-trader': [401, INVALID_TOKEN],
  'trader-suspended': [403, SUSPENDED],
  'trader-is-administrator': [403, 'Administrators cannot use trader functions'],
  'kyc-required': [400, 'KYC must be approved to trade'],
  'unknown-symbol': [400, 'Unknown symbol'],
  'market-halted': [409, 'Market is halted'],
  'market-cancel-only': [409, 'Market is in cancel-only mode'],
  'duplicate-client-order-id': [409, 'Duplicate client order id'],
  'order-not-found': [404, 'Order not found'],
  'order-not-open': [409, 'Order is not open'],
  'rules-changed': [409, "The market's tick or lot size has just changed, please check your order and retry"],
  'book-not-empty': [409, 'The tick size, lot size and minimum order value change only while the book holds no order'],
  'stop-would-trigger': [400, 'Stop price would trigger immediately'],
  'insufficient-liquidity': [400, 'Insufficient liquidity'],
  'post-only-would-take': [400, 'Post-only order would trade immediately'],
  'fill-or-kill-unfillable': [400, 'Fill-or-kill order cannot be filled completely'],
  'rejected-below-minimum': [400, 'Order value is below the minimum'],
  'duplicate-order-id': [400, 'Duplicate order id'],
  'order-rejected': [400, ({ reason }) => `Order rejected (${String(reason)})`],
  'trading-starting': [503, 'Trading is starting, please retry'],
  'market-unavailable': [503, 'Market temporarily unavailable, please retry'],
  'invalid-amount': [400, INVALID_AMOUNT],
  'price-moved': [400, 'Price moved, please retry'],
  'desk-not-buying': [409, 'The desk is not buying this market now: its bid would round to 0 at the tick'],
};

/** The order field a trading refusal names ('price' or 'stop_price'), as its detail starts. */
function priceField(field: unknown): string {
  return field === 'stop_price' ? 'Stop price' : 'Price';
}

/** A refusal as the web API answers it: the status and {"detail"} of its code. */
export function refusalAnswer(refusal: Refusal): HttpError {
  const answer = ANSWERS[refusal.code as RefusalCode];
  if (!answer) throw new Error(`no web answer for the refusal '${refusal.code}'`);
  const [status, detail] = answer;
  return new HttpError(status, typeof detail === 'string' ? detail : detail(refusal.data));
}
