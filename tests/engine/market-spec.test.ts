import {
  feeFor,
  fromLots,
  fromNotional,
  fromTicks,
  minNotionalUnits,
  OrderBook,
  toLots,
  toNotional,
  toTicks,
} from '../../engine';
import { BTC } from './helpers';

describe('market spec conversions', () => {
  it('turns decimal prices and amounts into exact integer units', () => {
    expect(toTicks('110000.01', BTC)).toEqual({ ok: true, value: 11_000_001 });
    expect(toLots('0.00123', BTC)).toEqual({ ok: true, value: 123 });
    expect(fromTicks(11_000_001, BTC)).toBe('110000.01');
    expect(fromLots(100_000, BTC)).toBe('1');
    expect(fromLots(123, BTC)).toBe('0.00123');
  });

  it('rejects prices off the tick and amounts off the lot instead of rounding', () => {
    expect(toTicks('110000.001', BTC)).toEqual({ ok: false, reason: 'TICK_SIZE' });
    expect(toLots('0.000001', BTC)).toEqual({ ok: false, reason: 'LOT_SIZE' });
  });

  it('rejects zero, negative, malformed and oversized values', () => {
    for (const bad of ['0', '-1', '1e5', 'abc', '', '1.2.3', ' ', 'NaN', 'Infinity']) {
      expect(toTicks(bad, BTC).ok).toBe(false);
      expect(toLots(bad, BTC).ok).toBe(false);
    }
    expect(toTicks('99999999999999999999', BTC)).toEqual({ ok: false, reason: 'OVERFLOW' });
  });

  it('keeps 1 BTC at 200,000 USD well inside 2^53 and converts notional back exactly', () => {
    const price = toTicks('200000', BTC);
    const qty = toLots('1', BTC);
    if (!price.ok || !qty.ok) throw new Error('conversion failed');
    const notional = price.value * qty.value;
    expect(notional).toBe(2_000_000_000_000);
    expect(notional).toBeLessThan(Number.MAX_SAFE_INTEGER / 1000);
    expect(fromNotional(notional, BTC)).toBe('200000');
    expect(toNotional('50.5', BTC)).toEqual({ ok: true, value: 505_000_000 });
  });

  it('rounds the minimum notional up, never loosening it', () => {
    expect(minNotionalUnits({ ...BTC, minNotional: '5' })).toBe(50_000_000);
    expect(minNotionalUnits({ ...BTC, minNotional: '0.0000000001' })).toBe(1);
  });

  it('rounds fees up to a whole notional unit, exactly, even near 2^53', () => {
    expect(feeFor(1000, 1000)).toBe(1);
    expect(feeFor(1001, 1000)).toBe(2);
    expect(feeFor(999_999, 1)).toBe(1);
    expect(feeFor(2_000_000, 1000)).toBe(2000);
    expect(feeFor(12345, 0)).toBe(0);
    const big = Number.MAX_SAFE_INTEGER;
    expect(BigInt(feeFor(big, 1_000_000))).toBe(BigInt(big));
    expect(BigInt(feeFor(big, 999_999))).toBe((BigInt(big) * 999_999n + 999_999n) / 1_000_000n);
  });

  it('a book refuses a market spec that is not exact decimal text', () => {
    expect(() => new OrderBook({ ...BTC, tickSize: '1e-2' })).toThrow(/tickSize/);
    expect(() => new OrderBook({ ...BTC, lotSize: '0' })).toThrow(/lotSize/);
  });
});
