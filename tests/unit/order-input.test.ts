import fc from 'fast-check';
import { fromLots, fromNotional, fromTicks, minNotionalUnits } from '../../engine';
import { refusalAnswer } from '../../server/gateways/web/refusal-answers';
import { Refusal } from '../../server/kernel/refusal';
import { toLedgerUnits } from '../../server/kernel/money';

import { engineOrderType, ledgerUnits, orderTerms } from '../../server/trading/books/order-input';
import { orderRequestSchema, type OrderPlacement } from '../../server/trading/orders/order-schemas';
import { openingBookMarket } from '../support/opening-catalog';

/** An order request checked against its market's rules and turned into engine units (no database). */
const BTC = openingBookMarket('BTCUSDT'); // tick 0.01, lot 0.00001, at least 5 USDT

const request = (fields: Partial<OrderPlacement>): OrderPlacement => ({
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  amount: '0.001',
  price: '100000',
  ...fields,
});

function refusal(fields: Partial<OrderPlacement>): { status: number; detail: string } {
  try {
    orderTerms(BTC, request(fields));
  } catch (error) {
    if (error instanceof Refusal) return { status: refusalAnswer(error).status, detail: refusalAnswer(error).message };
    throw error;
  }
  throw new Error('accepted');
}

it('turns a limit order into lots and ticks, GTC unless told otherwise', () => {
  expect(orderTerms(BTC, request({}))).toEqual({
    side: 'buy',
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    lots: 100,
    quoteUnits: null,
    priceTicks: 10_000_000,
    stopTicks: null,
    icebergLots: null,
    trailingDelta: null,
    clientOrderId: null,
    stp: 'cancel_newest',
    // The rules they count in, for the book to check that it still has them.
    spec: BTC,
  });
  expect(orderTerms(BTC, request({ type: 'market', price: null, side: 'sell' }))).toMatchObject({
    timeInForce: 'IOC',
    priceTicks: null,
  });
  expect(orderTerms(BTC, request({ type: 'stop_limit', stop_price: '99000.5' }))).toMatchObject({
    stopTicks: 9_900_050,
  });
});

it('turns a market buy by quote amount into notional units to spend, and carries a client order id', () => {
  const placement: OrderPlacement = {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'market',
    quote_amount: '12.5',
    client_order_id: 'bot-1',
  };
  expect(orderTerms(BTC, placement)).toMatchObject({
    lots: 0,
    quoteUnits: 125_000_000,
    priceTicks: null,
    timeInForce: 'IOC',
    clientOrderId: 'bot-1',
  });
  const refused = (fields: Partial<OrderPlacement>) => {
    try {
      orderTerms(BTC, { ...placement, ...fields });
    } catch (error) {
      if (error instanceof Refusal) return refusalAnswer(error).message;
      throw error;
    }
    return 'accepted';
  };
  const onlyMarketBuys = 'Only a market buy may give a quote amount instead of an amount';
  expect(refused({ side: 'sell' })).toBe(onlyMarketBuys);
  expect(refused({ type: 'limit', price: '100000' })).toBe(onlyMarketBuys);
  expect(refused({ amount: '0.001' })).toBe(onlyMarketBuys);
  expect(refused({ quote_amount: '10.00000001' })).toBe('Quote amount must be a multiple of 0.0000001');
  expect(refused({ quote_amount: '4.99' })).toBe('Order value must be at least 5 USDT');
  expect(refused({ time_in_force: 'FOK' })).toBe('A market buy by quote amount cannot be fill-or-kill');
});

it('refuses, never rounds, what breaks a market rule, saying which', () => {
  expect(refusal({ amount: '0.000001' })).toEqual({
    status: 400,
    detail: 'Amount must be a multiple of the lot size 0.00001',
  });
  expect(refusal({ price: '100000.001' })).toEqual({
    status: 400,
    detail: 'Price must be a multiple of the tick size 0.01',
  });
  expect(refusal({ price: null })).toEqual({ status: 400, detail: 'Price is required for a limit order' });
  expect(refusal({ type: 'stop_limit' })).toEqual({
    status: 400,
    detail: 'Stop price is required for a stop-limit order',
  });
  expect(refusal({ amount: '0.00001', price: '100' })).toEqual({
    status: 400,
    detail: 'Order value must be at least 5 USDT',
  });
  expect(refusal({ type: 'market', price: null, time_in_force: 'GTC' })).toEqual({
    status: 400,
    detail: 'A market order cannot rest on the book: use IOC or FOK',
  });
  expect(refusal({ post_only: true, time_in_force: 'IOC' })).toEqual({
    status: 400,
    detail: 'Only a GTC limit order can be post-only',
  });
  expect(refusal({ amount: '100000000000' })).toEqual({ status: 400, detail: 'Amount is too large' });
});

it('takes back exactly the lots and ticks a request was written from, at or above the minimum value', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 100_000_000 }), (lots, ticks) => {
      fc.pre(lots * ticks >= minNotionalUnits(BTC));
      const terms = orderTerms(BTC, request({ amount: fromLots(lots, BTC), price: fromTicks(ticks, BTC) }));
      expect([terms.lots, terms.priceTicks]).toEqual([lots, ticks]);
    }),
  );
});

it("ledger units of engine units are the decimal amounts' ledger units", () => {
  const units = ledgerUnits(BTC);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
      expect(units.amount(n)).toBe(toLedgerUnits(fromLots(n, BTC)));
      expect(units.quote(n)).toBe(toLedgerUnits(fromNotional(n, BTC)));
    }),
  );
});

describe('the order request schema', () => {
  it('keeps amounts exact as plain decimal text, from JSON numbers or strings', () => {
    const parsed = orderRequestSchema.parse({ ...request({}), amount: 1e-7, price: ' 100000.50 ' });
    expect(parsed).toMatchObject({ amount: '0.0000001', price: '100000.50' });
    expect(orderRequestSchema.safeParse({ ...request({}), amount: '-1' }).success).toBe(false);
    expect(orderRequestSchema.safeParse({ ...request({}), amount: 0 }).success).toBe(false);
  });

  it('accepts what it gave unchanged, so an order forwarded to its book owner is checked again as it was', () => {
    const amount = fc.oneof(
      fc.double({ min: 1e-12, max: 1e12, noNaN: true }),
      fc.stringMatching(/^\d{1,20}(\.\d{1,18})?$/).filter((text) => /[1-9]/.test(text)),
    );
    fc.assert(
      fc.property(amount, amount, (a, p) => {
        const first = orderRequestSchema.parse({ ...request({}), amount: a, price: p });
        expect(orderRequestSchema.parse(JSON.parse(JSON.stringify(first)))).toEqual(first);
      }),
    );
  });
});

describe('stop-loss and take-profit kinds, icebergs and trailing stops', () => {
  it('every stop kind needs a stop price, unless it trails; a market kind trades IOC once triggered', () => {
    for (const type of ['stop_market', 'take_profit', 'take_profit_limit'] as const)
      expect(refusal({ type, side: 'sell' })).toEqual({
        status: 400,
        detail: `Stop price is required for a ${type.replaceAll('_', '-')} order`,
      });
    expect(
      orderTerms(BTC, request({ type: 'take_profit', side: 'sell', price: null, stop_price: '99000' })),
    ).toMatchObject({
      type: 'take_profit',
      timeInForce: 'IOC',
      priceTicks: null,
      stopTicks: 9_900_000,
      trailingDelta: null,
    });
    expect(
      orderTerms(BTC, request({ type: 'stop_limit', side: 'sell', stop_price: null, trailing_delta: 100 })),
    ).toMatchObject({ stopTicks: null, trailingDelta: 100 });
  });

  it('a market-kind stop buy trades up to a protective limit 5% above its stop, held for; one trailing without a stop price is refused, as is a trailing order that is no stop', () => {
    for (const type of ['stop_market', 'take_profit'] as const) {
      const terms = orderTerms(BTC, request({ type, price: null, stop_price: '99000' }));
      expect(terms).toMatchObject({ type, stopTicks: 9_900_000, priceTicks: 10_395_000, timeInForce: 'IOC' });
      expect(engineOrderType(terms)).toBe(type === 'stop_market' ? 'stop_limit' : 'take_profit_limit');
      expect(refusal({ type, price: null, stop_price: null, trailing_delta: 100 })).toEqual({
        status: 400,
        detail: 'A stop-loss or take-profit market buy needs a stop price',
      });
    }
    expect(refusal({ trailing_delta: 100 })).toEqual({
      status: 400,
      detail: 'Only a stop-loss or take-profit order can trail',
    });
  });

  it('an iceberg is a GTC order with a limit price, showing less than its amount', () => {
    expect(orderTerms(BTC, request({ amount: '0.001', iceberg_amount: '0.0002' }))).toMatchObject({
      lots: 100,
      icebergLots: 20,
    });
    const iceberg = 'Only a GTC order with a limit price can be an iceberg';
    expect(refusal({ iceberg_amount: '0.0002', time_in_force: 'IOC' })).toEqual({ status: 400, detail: iceberg });
    expect(refusal({ type: 'market', price: null, iceberg_amount: '0.0002' })).toEqual({
      status: 400,
      detail: iceberg,
    });
    expect(refusal({ iceberg_amount: '0.001' })).toEqual({
      status: 400,
      detail: "An iceberg's visible amount must be below the order's amount",
    });
    expect(refusal({ iceberg_amount: '0.000001' })).toEqual({
      status: 400,
      detail: 'Amount must be a multiple of the lot size 0.00001',
    });
  });
});
