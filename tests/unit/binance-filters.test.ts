import fc from 'fast-check';
import { BinanceError } from '../../server/gateways/binance/protocol/binance-error';
import { newOrderParams, orderPlacement } from '../../server/gateways/binance/order-params';
import { Refusal } from '../../server/kernel/refusal';

import { orderTerms } from '../../server/trading/books/order-input';
import { OPENING_BOOK_MARKETS, openingCatalog } from '../support/opening-catalog';

// Symbols are looked up in the catalog an exchange would load.
const catalog = openingCatalog();

/**
 * exchangeInfo's filters (PRICE_FILTER, LOT_SIZE, NOTIONAL) are the engine's rules: an order passes
 * Binance's checks exactly when the trading core accepts its terms, whatever the market and numbers.
 */

/** A decimal of up to 8 decimals (what Binance's parameters take), from tiny to past what the engine carries. */
const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }))
  .map(([digits, scale]) => {
    const text = digits.toString().padStart(scale + 1, '0');
    return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
  });

/** A decimal near a market's steps, so that many orders pass. */
const near = (step: string) =>
  fc
    .tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.constantFrom(1, 1, 1, 10, 0.1))
    .map(([multiple, scale]) => (Number(step) * multiple * scale).toFixed(8));

/** Binance's checks: the parameters' own (digits, precision), then the order type's and the symbol's filters. */
const binanceAccepts = (params: Record<string, string>) => {
  const parsed = newOrderParams(catalog).safeParse(params);
  return parsed.success && accepted(() => orderPlacement(parsed.data));
};

const accepted = (check: () => unknown): boolean => {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof BinanceError || error instanceof Refusal) return false;
    throw error;
  }
};

it('a limit order passes the symbol filters exactly when the engine takes its terms', () => {
  const order = fc.constantFrom(...OPENING_BOOK_MARKETS).chain((market) =>
    fc.record({
      market: fc.constant(market),
      price: fc.oneof(decimal, near(market.tickSize)),
      quantity: fc.oneof(decimal, near(market.lotSize)),
      type: fc.constantFrom('LIMIT', 'LIMIT_MAKER'),
    }),
  );
  let both = 0;
  fc.assert(
    fc.property(order, ({ market, price, quantity, type }) => {
      const binance = binanceAccepts({
        symbol: market.symbol,
        side: 'BUY',
        type,
        ...(type === 'LIMIT' ? { timeInForce: 'GTC' } : {}),
        price,
        quantity,
      });
      const engine = accepted(() =>
        orderTerms(market, { symbol: market.symbol, side: 'buy', type: 'limit', amount: quantity, price }),
      );
      expect(binance).toBe(engine);
      if (binance) both += 1;
    }),
    { numRuns: 2000 },
  );
  // Not a property of refusals only.
  expect(both).toBeGreaterThan(100);
});

it("a market buy's quoteOrderQty passes exactly when the engine takes it as a quote amount", () => {
  const order = fc.constantFrom(...OPENING_BOOK_MARKETS).chain((market) =>
    fc.record({
      market: fc.constant(market),
      quoteOrderQty: fc.oneof(decimal, near(market.tickSize)),
    }),
  );
  fc.assert(
    fc.property(order, ({ market, quoteOrderQty }) => {
      const binance = binanceAccepts({ symbol: market.symbol, side: 'BUY', type: 'MARKET', quoteOrderQty });
      const engine = accepted(() =>
        orderTerms(market, { symbol: market.symbol, side: 'buy', type: 'market', quote_amount: quoteOrderQty }),
      );
      expect(binance).toBe(engine);
    }),
    { numRuns: 2000 },
  );
});
