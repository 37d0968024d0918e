import type { ExchangeModule } from '../../server/platform/modules/context';
import { startOrder } from '../../server/platform/modules/modules';

const named = (name: string, needs: string[] = []): ExchangeModule => ({ name, needs });
const names = (modules: ExchangeModule[]) => modules.map((module) => module.name);

it('starts a module after what it needs, and otherwise in the order listed', () => {
  const modules = [
    named('liquidity', ['trading', 'reference-prices']),
    named('idempotency'),
    named('reference-prices', ['market-history']),
    named('trading', ['market-history']),
    named('market-history'),
  ];
  expect(names(startOrder(modules))).toEqual([
    'market-history',
    'trading',
    'reference-prices',
    'liquidity',
    'idempotency',
  ]);
});

it('refuses a circle of needs, an unknown need and a name given twice', () => {
  expect(() => startOrder([named('a', ['b']), named('b', ['c']), named('c', ['a'])])).toThrow(
    'modules need each other in a circle: a -> b -> c -> a',
  );
  expect(() => startOrder([named('a', ['ghost'])])).toThrow("module 'a' needs 'ghost', which is not composed");
  expect(() => startOrder([named('a'), named('a')])).toThrow("two modules are named 'a'");
});
