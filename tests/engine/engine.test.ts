import { MatchingEngine } from '../../engine';
import { BTC, limit } from './helpers';

describe('matching engine with several markets', () => {
  it('routes commands to the book of their symbol and keeps books apart', () => {
    const engine = new MatchingEngine();
    engine.addMarket(BTC);
    engine.addMarket({ symbol: 'ETHUSDT', tickSize: '0.01', lotSize: '0.0001', minNotional: '1' });
    engine.apply('BTCUSDT', limit('a', 'u1', 'sell', 100, 1));
    expect(engine.book('BTCUSDT')?.bestAsk()).toBe(100);
    expect(engine.book('ETHUSDT')?.bestAsk()).toBeUndefined();
    expect(engine.symbols()).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('refuses commands for an unknown symbol', () => {
    const [event] = new MatchingEngine().apply('DOGEUSDT', limit('a', 'u1', 'sell', 100, 1));
    expect(event).toMatchObject({ type: 'rejected', reason: 'UNKNOWN_SYMBOL', orderId: 'a' });
  });

  it('restores a market from a snapshot', () => {
    const engine = new MatchingEngine();
    engine.addMarket(BTC).apply(limit('a', 'u1', 'sell', 100, 1));
    const snapshot = engine.book('BTCUSDT')!.snapshot();
    const copy = new MatchingEngine();
    copy.restoreMarket(snapshot);
    expect(copy.book('BTCUSDT')?.getOrder('a')).toMatchObject({ remaining: 1, status: 'new' });
  });

  it('refuses a market spec that is not exact decimal text', () => {
    expect(() => new MatchingEngine().addMarket({ ...BTC, tickSize: '1e-2' })).toThrow(/tickSize/);
    expect(() => new MatchingEngine().addMarket({ ...BTC, lotSize: '0' })).toThrow(/lotSize/);
  });
});
