import { toLedgerUnits } from '../../server/kernel/money';
import type { TraderStanding } from '../../server/identity/auth/may-trade';
import { BalanceSheet } from '../../server/trading/traders/balance-sheet';
import { TraderCache } from '../../server/trading/traders/trader-cache';
import type { Traders } from '../../server/trading/traders/trader-reads';

/** Which traders a round must read, by the cache's own rules (the rounds around it are in tests/api/trading/trading.test.ts). */
const standing: TraderStanding = { kyc_status: 'approved', is_active: true, is_admin: false, is_system: false };

/** What a read of `balances` (user -> asset -> available) would give. */
function read(balances: Record<string, Record<string, string>>): Traders {
  const rows = Object.entries(balances).flatMap(([user_id, assets]) =>
    Object.entries(assets).map(([asset, available]) => ({ user_id, asset, available })),
  );
  const userIds = Object.keys(balances);
  const assets = [...new Set(rows.map((row) => row.asset))];
  return { standings: new Map(userIds.map((id) => [id, standing])), sheet: new BalanceSheet(rows, userIds, assets) };
}

const spend = (cache: TraderCache, userId: string, asset: string, amount: string) =>
  cache.traders.sheet.canSpend(userId, asset, toLedgerUnits(amount));

it('a trader read a moment ago is not read again until the trust runs out', () => {
  const cache = new TraderCache(1000);
  const keys = { userIds: ['a', 'b'], assets: ['USD', 'BTC'] };
  expect(cache.toRead(keys, 0)).toEqual(['a', 'b']);
  cache.store(['a', 'b'], read({ a: { USD: '10', BTC: '1' }, b: { USD: '5', BTC: '0' } }), 0);
  expect(cache.toRead(keys, 999)).toEqual([]);
  expect(spend(cache, 'a', 'USD', '10')).toBe(true);
  expect(spend(cache, 'b', 'USD', '5.01')).toBe(false);
  expect(cache.toRead(keys, 1000)).toEqual(['a', 'b']);
});

it('a trader is read again for an asset the cache has no balance in, keeping the others', () => {
  const cache = new TraderCache(1000);
  cache.store(['a'], read({ a: { USD: '10', BTC: '1' } }), 0);
  expect(cache.toRead({ userIds: ['a'], assets: ['USD', 'ETH'] }, 1)).toEqual(['a']);
  cache.store(['a'], read({ a: { USD: '7', ETH: '2' } }), 1);
  expect(cache.toRead({ userIds: ['a'], assets: ['USD', 'BTC', 'ETH'] }, 2)).toEqual([]);
  expect(spend(cache, 'a', 'USD', '7.01')).toBe(false);
  expect(spend(cache, 'a', 'BTC', '1')).toBe(true);
});

it('with no trust every trader is read for every round', () => {
  const cache = new TraderCache(0);
  cache.store(['a'], read({ a: { USD: '10' } }), 5);
  expect(cache.toRead({ userIds: ['a'], assets: ['USD'] }, 5)).toEqual(['a']);
});

it('a forgotten trader, or one a read did not find, is read next time and trades on nothing meanwhile', () => {
  const cache = new TraderCache(1000);
  cache.store(['a', 'ghost'], read({ a: { USD: '10' } }), 0);
  expect(cache.traders.standings.has('ghost')).toBe(false);
  expect(cache.toRead({ userIds: ['a', 'ghost'], assets: ['USD'] }, 1)).toEqual(['ghost']);
  cache.forget(['a']);
  expect(spend(cache, 'a', 'USD', '0')).toBe(false);
  expect(cache.traders.standings.has('a')).toBe(false);
  expect(cache.toRead({ userIds: ['a'], assets: ['USD'] }, 2)).toEqual(['a']);
});

it('traders read too long ago are dropped, so the cache holds the active ones only', () => {
  const cache = new TraderCache(1000);
  cache.store(['old'], read({ old: { USD: '1' } }), 0);
  cache.store(['new'], read({ new: { USD: '1' } }), 900);
  cache.toRead({ userIds: [], assets: [] }, 1500);
  expect([...cache.traders.standings.keys()]).toEqual(['new']);
});
