import fc from 'fast-check';
import { money } from '../../server/ledger/money';
import { BOOK_MARKETS } from '../../server/markets/catalog';
import { quoteLadder } from '../../server/liquidity/quote-ladder';

describe('the market maker quote ladder', () => {
  it('quotes bids below and asks above the reference, on the tick and lot, within both budgets', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOK_MARKETS),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 5_000_000, noNaN: true }),
        fc.double({ min: 0, max: 1_000_000, noNaN: true }),
        (market, ratio, usd, base) => {
          const reference = money(market.seedPrice).times(ratio.toFixed(6)).toNearest(market.tickSize).plus(market.tickSize);
          const bidBudget = money(usd.toFixed(2));
          const askBudget = money(base.toFixed(6));
          const ladder = quoteLadder(market, reference, bidBudget, askBudget);
          const bids = ladder.filter((q) => q.side === 'buy');
          const asks = ladder.filter((q) => q.side === 'sell');
          for (const quote of ladder) {
            expect(money(quote.price).mod(market.tickSize).isZero()).toBe(true);
            expect(money(quote.amount).mod(market.lotSize).isZero()).toBe(true);
            expect(money(quote.amount).greaterThan(0)).toBe(true);
            expect(money(quote.price).times(quote.amount).greaterThanOrEqualTo(market.minNotional)).toBe(true);
          }
          for (const bid of bids) expect(money(bid.price).lessThan(reference) && money(bid.price).greaterThan(0)).toBe(true);
          for (const ask of asks) expect(money(ask.price).greaterThan(reference)).toBe(true);
          const bidValue = bids.reduce((sum, q) => sum.plus(money(q.price).times(q.amount)), money(0));
          const askAmount = asks.reduce((sum, q) => sum.plus(q.amount), money(0));
          expect(bidValue.lessThanOrEqualTo(bidBudget)).toBe(true);
          expect(askAmount.lessThanOrEqualTo(askBudget)).toBe(true);
          expect(new Set(ladder.map((q) => `${q.side}:${q.price}`)).size).toBe(ladder.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lays five levels a side around BTC with a spread of about 0.1%', () => {
    const btc = BOOK_MARKETS.find((m) => m.symbol === 'BTCUSDT')!;
    const ladder = quoteLadder(btc, money('110000'), money('100000'), money('2'));
    const bids = ladder.filter((q) => q.side === 'buy').map((q) => Number(q.price));
    const asks = ladder.filter((q) => q.side === 'sell').map((q) => Number(q.price));
    expect(bids).toEqual([109945, 109890, 109835, 109780, 109725]);
    expect(asks).toEqual([110055, 110110, 110165, 110220, 110275]);
    expect(ladder.filter((q) => q.side === 'sell').every((q) => q.amount === '0.4')).toBe(true);
  });
});
