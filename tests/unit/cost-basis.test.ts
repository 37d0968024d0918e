import fc from 'fast-check';
import { money, toLedgerUnits } from '../../server/kernel/money';
import { costBases, type HoldingChange } from '../../server/money/accounts/cost-basis';

const units = (value: string) => toLedgerUnits(value);
const buy = (amount: string, paid: string): HoldingChange => ({
  asset: 'BTC',
  change: units(amount),
  reason: 'trade',
  dollars: -units(paid),
});
const move = (amount: string, reason: string): HoldingChange => ({
  asset: 'BTC',
  change: units(amount),
  reason,
  dollars: 0n,
});
const averageOf = (changes: HoldingChange[]) => costBases(changes).get('BTC')?.averageCost?.toFixed() ?? null;

describe('average cost', () => {
  it('is what the buys paid, fees included, per unit bought', () => {
    expect(averageOf([buy('0.1', '5005'), buy('0.3', '15030')])).toBe('50087.5');
  });

  it('stays as it was through sales, Earn subscriptions and their paybacks, and is fresh after a complete sale', () => {
    const held = [buy('1', '50000'), buy('1', '52000')];
    expect(averageOf([...held, { ...buy('-0.5', '-25500'), dollars: units('25400') }])).toBe('51000');
    expect(averageOf([...held, move('-2', 'earn_subscribe'), move('2.001', 'earn_redeem')])).toBe('51000');
    const soldOut = [...held, { ...move('-2', 'trade'), dollars: units('110000') }];
    expect(averageOf([...soldOut, buy('0.5', '30000')])).toBe('60000');
  });

  it('counts a sale of units at the average whatever its price, so cost held = quantity x average', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 100000 })), { minLength: 1 }),
        fc.integer({ min: 0, max: 100 }),
        (buys, soldPercent) => {
          const changes = buys.map(([amount, paid]) => buy(String(amount), String(paid)));
          const bought = buys.reduce((total, [amount]) => total + amount, 0);
          const paid = buys.reduce((total, [, cost]) => total + cost, 0);
          const sold = Math.floor((bought * soldPercent) / 100);
          const after = averageOf([...changes, { ...move(String(-sold), 'trade'), dollars: units('1') }]);
          if (sold === bought) return;
          // To the 18 decimals answers carry: exact.
          expect(money(after!).toDecimalPlaces(18).toFixed()).toBe(
            money(paid).div(bought).toDecimalPlaces(18).toFixed(),
          );
        },
      ),
    );
  });

  it('has no value for units that came without a purchase', () => {
    expect(averageOf([move('3', 'deposit')])).toBeNull();
    expect(costBases([move('3', 'deposit')]).get('BTC')?.quantity).toBe(units('3'));
  });
});
