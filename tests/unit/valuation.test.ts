import { dollarPrice } from '../../client/src/valuation';

describe('the dollar value of a holding', () => {
  const forexPairs = [
    { symbol: 'EURUSD', quote: 'USD', asset: 'EUR' },
    { symbol: 'USDJPY', quote: 'JPY', asset: 'JPY' },
  ];
  const quotes = [
    { symbol: 'EURUSD', price: 1.08 },
    { symbol: 'USDJPY', price: 148.5 },
    { symbol: 'BTCUSDT', price: 110000 },
  ];

  it('is the price of its market for a coin, the ticker first', () => {
    expect(dollarPrice('BTC', { forexPairs, quotes })).toBe(110000);
    expect(dollarPrice('BTC', { forexPairs, quotes, tickers: [{ symbol: 'BTCUSDT', last_price: 109000 }] })).toBe(
      109000,
    );
  });

  it("is the pair's price for a currency the dollar is quoted in, its inverse for one quoted in dollars' terms", () => {
    expect(dollarPrice('EUR', { forexPairs, quotes })).toBe(1.08);
    expect(148500 * dollarPrice('JPY', { forexPairs, quotes })).toBeCloseTo(1000, 9);
  });

  it('is 1 for dollars and 0 while no price is known', () => {
    expect(dollarPrice('USD', { forexPairs, quotes })).toBe(1);
    expect(dollarPrice('GBP', { forexPairs, quotes })).toBe(0);
    expect(dollarPrice('JPY', { forexPairs, quotes: [] })).toBe(0);
  });
});
