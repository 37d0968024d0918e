import fc from 'fast-check';
import { feeFor, OrderBook, type MarketSpec } from '../../engine';
import { refusalAnswer } from '../../server/gateways/web/refusal-answers';
import { Refusal } from '../../server/kernel/refusal';

import { orderTerms } from '../../server/trading/books/order-input';
import type { OrderPlacement } from '../../server/trading/orders/order-schemas';
import {
  bookPurchase,
  bookValue,
  buyHoldAtLimit,
  holdFor,
  marketBuyHold,
} from '../../server/trading/sequencer/funds-hold';
import { openingBookMarket } from '../support/opening-catalog';

/** What an order holds when placed (no database): notional units for a buy, lots for a sell. */
const BTC = openingBookMarket('BTCUSDT'); // tick 0.01, lot 0.00001, at least 5 USDT (50,000,000 notional units)
const spec: MarketSpec = { symbol: BTC.symbol, tickSize: BTC.tickSize, lotSize: BTC.lotSize, minNotional: '0' };
const fees = { makerPpm: 1000, takerPpm: 2000 };
/** Who places the order held for: not the books' resting 'maker'. */
const BUYER = 'buyer';

/** A book with asks (or bids) of `levels`: [price ticks, lots]. */
function bookWith(side: 'buy' | 'sell', levels: Array<[number, number]>): OrderBook {
  const book = new OrderBook(spec);
  levels.forEach(([price, quantity], i) =>
    book.apply({
      type: 'place',
      orderId: `resting-${i}`,
      userId: 'maker',
      side,
      orderType: 'limit',
      price,
      quantity,
      timeInForce: 'GTC',
      makerFeePpm: 0,
      takerFeePpm: 0,
      timestamp: i,
    }),
  );
  return book;
}

/** The terms of a request (0.001 BTC at 100,000 USDT unless told otherwise): 100 lots at 10,000,000 ticks. */
const terms = (fields: Partial<OrderPlacement>) =>
  orderTerms(BTC, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.001', price: '100000', ...fields });

const refusal = (hold: () => unknown) => {
  try {
    hold();
  } catch (error) {
    if (error instanceof Refusal) return `${refusalAnswer(error).status} ${refusalAnswer(error).message}`;
    throw error;
  }
  return 'held';
};

it('a limit buy holds its value, the fee at the higher rate, and one unit per lot', () => {
  // 100 lots at 10,000,000 ticks: 1e9 units, fee 0.2% = 2,000,000, 100 units of rounding allowance.
  expect(buyHoldAtLimit(10_000_000, 100, fees)).toBe(1_002_000_100);
  expect(holdFor(BTC, terms({}), new OrderBook(spec), fees, BUYER)).toBe(1_002_000_100);
});

it('a sell holds its lots, whatever its type', () => {
  expect(holdFor(BTC, terms({ side: 'sell' }), new OrderBook(spec), fees, BUYER)).toBe(100);
  const bids = bookWith('buy', [[10_000_000, 1000]]);
  expect(holdFor(BTC, terms({ side: 'sell', type: 'market', price: null }), bids, fees, BUYER)).toBe(100);
});

it('a market buy holds the asks it would walk now, plus the taker fee and one unit per lot', () => {
  const asks = bookWith('sell', [
    [10_000_000, 60],
    [10_000_100, 1000],
  ]);
  const value = 60 * 10_000_000 + 40 * 10_000_100;
  expect(bookValue(asks, 'asks', 100)).toBe(value);
  expect(holdFor(BTC, terms({ type: 'market', price: null }), asks, fees, BUYER)).toBe(marketBuyHold(value, 100, fees));
  expect(marketBuyHold(value, 100, fees)).toBe(value + feeFor(value, fees.takerPpm) + 100);
});

it('a market order on an empty side, or worth less than the minimum there, is refused', () => {
  const market = terms({ type: 'market', price: null });
  expect(refusal(() => holdFor(BTC, market, new OrderBook(spec), fees, BUYER))).toBe('400 Insufficient liquidity');
  const cheapAsks = bookWith('sell', [[100, 1000]]);
  expect(refusal(() => holdFor(BTC, market, cheapAsks, fees, BUYER))).toBe('400 Order value must be at least 5 USDT');
});

it('a book thinner than the order gives the value of what it has', () => {
  expect(bookValue(bookWith('sell', [[10_000_000, 30]]), 'asks', 100)).toBe(300_000_000);
});

it('a limit buy holds enough for any fills at or under its price, each fee rounded up alone', () => {
  const fills = fc.array(fc.record({ lots: fc.integer({ min: 1, max: 50 }), below: fc.nat(1000) }), {
    minLength: 1,
    maxLength: 30,
  });
  fc.assert(
    fc.property(fc.integer({ min: 1001, max: 100_000_000 }), fills, fc.boolean(), (limit, split, maker) => {
      const lots = split.reduce((sum, fill) => sum + fill.lots, 0);
      const rate = maker ? fees.makerPpm : fees.takerPpm;
      const spent = split.reduce((sum, { lots: q, below }) => {
        const value = (limit - below) * q;
        return sum + value + feeFor(value, rate);
      }, 0);
      expect(spent).toBeLessThanOrEqual(buyHoldAtLimit(limit, lots, fees));
    }),
  );
});

it('a market buy by quote amount holds what its budget buys on the asks now, plus the taker fee and one unit per lot', () => {
  const asks = bookWith('sell', [
    [10_000_000, 60],
    [10_000_100, 1000],
  ]);
  // 12.5 USDT: 125,000,000 units buy 12 lots at the best ask (120,000,000), then none at the next.
  expect(bookPurchase(asks, 125_000_000)).toEqual({ lots: 12, value: 120_000_000 });
  const byQuote = terms({ type: 'market', price: null, amount: undefined, quote_amount: '12.5' });
  expect(holdFor(BTC, byQuote, asks, fees, BUYER)).toBe(marketBuyHold(120_000_000, 12, fees));
  expect(refusal(() => holdFor(BTC, byQuote, new OrderBook(spec), fees, BUYER))).toBe('400 Insufficient liquidity');
  expect(refusal(() => bookPurchase(asks, 9_999_999))).toBe('400 Insufficient liquidity');
});

it('a market buy by quote amount buys exactly the lots of bookPurchase, and spends no more than it held', () => {
  const levels = fc.array(fc.tuple(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 500 })), {
    minLength: 1,
    maxLength: 80,
  });
  fc.assert(
    fc.property(levels, fc.integer({ min: 1, max: 50_000_000 }), (asks, budget) => {
      const book = bookWith('sell', asks);
      let purchase: { lots: number; value: number };
      try {
        purchase = bookPurchase(book, budget);
      } catch {
        // Buys no lot: the engine then trades nothing either.
        expect(Math.min(...asks.map(([price]) => price))).toBeGreaterThan(budget);
        return;
      }
      const events = book.apply({
        type: 'place',
        orderId: 'by-quote',
        userId: 'taker',
        side: 'buy',
        orderType: 'market',
        quoteAmount: budget,
        makerFeePpm: fees.makerPpm,
        takerFeePpm: fees.takerPpm,
        timestamp: 1_000,
      });
      const trades = events.flatMap((event) => (event.type === 'trade' ? [event] : []));
      expect(trades.reduce((sum, trade) => sum + trade.quantity, 0)).toBe(purchase.lots);
      const spent = trades.reduce((sum, trade) => sum + trade.notional + trade.takerFee, 0);
      expect(spent).toBeLessThanOrEqual(marketBuyHold(purchase.value, purchase.lots, fees));
    }),
  );
});
