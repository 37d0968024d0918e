import { money } from '../../kernel/money';
import type { Refusal } from '../../kernel/refusal';
import type { IdentityRefusal } from '../../identity/auth/refusals';
import type { LedgerRefusal } from '../../ledger/refusals';
import type { MarketsRefusal } from '../../markets/refusals';
import type { MoneyRefusal } from '../../money/back-office/refusals';
import type { EarnRefusal } from '../../money/earn/refusals';
import { HttpError } from '../../platform/http/errors';
import { INVALID_TOKEN } from '../../identity/auth/authenticator';
import { INVALID_AMOUNT } from '../../trading/desk/desk.service';
import type { DeskRefusal } from '../../trading/desk/refusals';
import { SUSPENDED } from '../../identity/auth/may-trade';
import type { TradingRefusal } from '../../trading/orders/refusals';

/** Every code a domain refuses with. The table below must word each one: a new code fails the type check until it does. */
type RefusalCode =
  LedgerRefusal | IdentityRefusal | MoneyRefusal | EarnRefusal | MarketsRefusal | TradingRefusal | DeskRefusal;

type Data = Readonly<Record<string, unknown>>;
/** A part of the answer: as it is, or made from the refusal's data. */
type Worded<T> = T | ((data: Data) => T);
type Detail = Worded<string>;
type Fields = Worded<Readonly<Record<string, unknown>>>;
type Headers = Worded<Readonly<Record<string, string>>>;

/** "3 seconds", "2 minutes": how long a throttled account waits. */
function waitText(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** "$1,000,000", "$2,500.50": cents only when there are some. */
function dollars(amount: unknown): string {
  const [whole, cents] = money(String(amount)).toFixed(2).split('.') as [string, string];
  return `$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${cents === '00' ? '' : `.${cents}`}`;
}

const sentenceCase = (text: unknown) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/** A throttled attempt's 429: its detail says how long to wait, its Retry-After too (in whole seconds). */
const throttled = (what: string) =>
  [
    429,
    (data: Data) => `${what}, please try again in ${waitText(Number(data.retry_after_seconds))}`,
    {},
    (data: Data) => ({ 'Retry-After': String(data.retry_after_seconds) }),
  ] as const;

/** The web API's answer to each refusal: its status and {detail}, with fields beside detail and headers where a client acts on them. */
const ANSWERS: {
  readonly [Code in RefusalCode]: readonly [status: number, detail: Detail, fields?: Fields, headers?: Headers];
} = {
  'insufficient-balance': [400, 'Insufficient balance'],

  // Identity: registering, logging in, tokens and sessions, two-factor, API keys.
  'email-taken': [409, 'Email already registered'],
  'unknown-referral-code': [400, 'Unknown referral code'],
  'weak-password': [400, (data) => String(data.problem)],
  'invalid-credentials': [401, 'Incorrect email or password'],
  'account-suspended': [403, 'Account suspended'],
  'invalid-authorization-header': [401, 'Invalid authorization header'],
  'invalid-token': [401, 'Invalid or expired token'],
  'session-ended': [401, 'Session ended, please log in again'],
  'session-not-found': [404, 'Session not found'],
  'wrong-current-password': [400, 'Current password is incorrect'],
  'same-password': [400, 'New password must be different from the current one'],
  'too-many-failed-logins': throttled('Too many failed logins for this account'),
  'too-many-wrong-two-factor-codes': throttled('Too many wrong two-factor codes'),
  // A client tells these 401s from a refused token by their text: its session goes on.
  'two-factor-required': [401, 'Two-factor code required', { two_factor_required: true }],
  'invalid-two-factor-code': [401, 'Invalid two-factor code'],
  'invalid-setup-code': [400, 'Invalid two-factor code'],
  'two-factor-already-on': [409, 'Two-factor authentication is already on'],
  'two-factor-not-set-up': [400, 'Set up two-factor authentication first'],
  'two-factor-setup-changed': [409, 'Two-factor setup changed meanwhile, please try again'],
  'too-many-api-keys': [
    400,
    (data) => `You can have at most ${String(data.max)} API keys: revoke one you no longer use`,
  ],
  'api-key-not-found': [404, 'API key not found'],

  // Money: KYC, funding caps, back-office decisions, bank accounts.
  'kyc-under-review': [409, 'Your KYC is under review'],
  'kyc-already-approved': [409, 'Your KYC has already been approved'],
  'kyc-submission-not-found': [404, 'KYC submission not found'],
  'over-request-cap': [
    400,
    (data) => `The most a single ${String(data.kind)} request may be is ${dollars(data.max_amount)}`,
  ],
  'too-many-pending-requests': [
    400,
    ({ kind, max_pending }) =>
      `You already have ${
        max_pending === 1
          ? `1 pending ${String(kind)}; wait until it is`
          : `${String(max_pending)} pending ${String(kind)}s; wait until they are`
      } decided`,
  ],
  'over-daily-cap': [
    400,
    (data) =>
      `Your ${String(data.kind)} requests of a day may add up to ${dollars(data.daily_amount)}; ${dollars(data.left)} is left today`,
  ],
  'queue-item-not-pending': [409, (data) => `${sentenceCase(data.item)} is not pending`],
  'queue-item-not-found': [404, (data) => `${sentenceCase(data.item)} not found`],
  'bank-account-not-found': [404, 'Bank account not found'],

  // Earn: products, subscriptions and redemptions.
  'earn-unknown-asset': [400, 'Unknown asset'],
  'earn-product-not-found': [404, 'Earn product not found'],
  'earn-product-not-open': [409, 'This product is not open for subscriptions'],
  'earn-below-minimum': [
    400,
    ({ min_amount, asset }) => `The minimum subscription is ${String(min_amount)} ${String(asset)}`,
  ],
  'earn-position-not-found': [404, 'Earn position not found'],
  'earn-position-not-active': [409, 'This position has already been paid back'],
  'earn-position-locked': [
    409,
    ({ matures_at }) => `A locked position is paid back at maturity, on ${String(matures_at).slice(0, 10)}`,
  ],

  // Markets: listing and changing book markets.
  'symbol-not-base-usdt': [400, 'The symbol must be the base asset followed by USDT'],
  'market-exists': [409, 'Market already listed'],
  'asset-traded': [409, 'Another market already trades this asset'],
  'reference-price-off-tick': [400, 'The reference price must be a multiple of the tick size'],
  'market-unquotable': [400, (data) => `The market maker could not quote this market: ${String(data.shortfall)}`],
  'market-still-trading': [409, 'Halt the market or set it to cancel-only before cancelling its orders'],
  'too-many-decimals': [
    400,
    (data) => `The tick size and the lot size may have at most ${String(data.decimals)} decimals between them`,
  ],
  'min-notional-too-large': [400, 'The minimum order value is too large for this tick and lot size'],
  'market-not-found': [404, 'Market not found'],

  // Trading: orders, books and the desk.
  'quote-amount-not-allowed': [400, 'Only a market buy may give a quote amount instead of an amount'],
  'price-required': [
    400,
    ({ field, type }) => `${priceField(field)} is required for a ${String(type).replaceAll('_', '-')} order`,
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
  'iceberg-not-gtc-limit': [400, 'Only a GTC order with a limit price can be an iceberg'],
  'iceberg-not-smaller': [400, "An iceberg's visible amount must be below the order's amount"],
  'trailing-not-stop': [400, 'Only a stop-loss or take-profit order can trail'],
  'stop-market-buy-needs-stop-price': [400, 'A stop-loss or take-profit market buy needs a stop price'],
  'list-market-buy-not-supported': [400, 'A market buy cannot be part of an order list: use a limit buy'],
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
  'order-list-not-found': [404, 'Order list not found'],
  'order-list-not-open': [409, 'Order list is not open'],
  'amend-not-smaller': [400, "The new amount must be less than the order's amount"],
  'amend-below-filled': [400, 'The new amount must be more than the order has filled'],
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

const worded = <T>(part: Worded<T>, data: Data): T =>
  typeof part === 'function' ? (part as (data: Data) => T)(data) : part;

/** A refusal as the web API answers it: the status and {"detail"} of its code, with its fields and headers. */
export function refusalAnswer(refusal: Refusal): HttpError {
  const answer = ANSWERS[refusal.code as RefusalCode];
  if (!answer) throw new Error(`no web answer for the refusal '${refusal.code}'`);
  const [status, detail, fields = {}, headers = {}] = answer;
  return new HttpError(
    status,
    worded(detail, refusal.data),
    worded(fields, refusal.data),
    worded(headers, refusal.data),
  );
}
