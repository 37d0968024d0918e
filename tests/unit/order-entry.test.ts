import fc from 'fast-check';
import { figure, maxAmount, share, shown, exact } from '../../client/src/trade/entry/figures';
import { entryFor, totalOf, type EntryFields } from '../../client/src/trade/order-entry';

/** The order form's figures and requests, apart from the screen: exact Totals, limits, TP/SL lists and stops. */
const MARKET = { tick: '0.01', lot: '0.001', lastPrice: 200 };
const FIELDS: EntryFields = {
  side: 'buy',
  kind: 'limit',
  amount: '',
  price: '',
  stop: '',
  stopLimit: '',
  timeInForce: 'GTC',
  postOnly: false,
  trailing: '',
  takeProfit: '',
  stopLoss: '',
};

/** n units of a step with `decimals` decimals, as plain text: 12345 at 3 -> "12.345". */
const units = (n: bigint, decimals: number) => {
  const text = n.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
};

it('the Total of every amount and price the form accepts is their exact product', () => {
  const within = fc.bigInt({ min: 1n, max: 2n ** 26n });
  fc.assert(
    fc.property(within, within, (lots, ticks) => {
      const fields = { ...FIELDS, amount: units(lots, 3), price: units(ticks, 2) };
      const product = units(lots * ticks, 5);
      const whole = product.split('.')[0]!.replace(/\B(?=(\d{3})+$)/g, ',');
      const fraction = product.split('.')[1]!.replace(/0+$/, '').padEnd(2, '0');
      expect(shown(totalOf(fields, MARKET)!)).toBe(`${whole}.${fraction}`);
    }),
  );
});

it('names an amount it will not send instead of totalling it', () => {
  const problem = (amount: string) => {
    const checked = figure('Amount', amount, '0.001');
    return checked.ok ? null : checked.message;
  };
  expect(problem('1e308')).toBe('Amount is too large');
  expect(problem('9007199254740.991')).toBeNull();
  expect(problem('9007199254740.991001')).toBe('Amount must be a multiple of the lot size 0.001');
  expect(problem('9007199254740.992')).toBe('Amount is too large');
  expect(problem('1e-308')).toBe('Amount is too small');
  expect(problem('0.0001')).toBe('Amount must be a multiple of the lot size 0.001');
  expect(problem('abc')).toBe('Amount must be a positive number');
  expect(problem('-1')).toBe('Amount must be a positive number');
  expect(problem('0')).toBe('Amount must be a positive number');
  expect(problem('1.5e2')).toBeNull();
  expect(totalOf({ ...FIELDS, amount: '1e308', price: '200' }, MARKET)).toBeNull();
  expect(entryFor('SOLUSDT', { ...FIELDS, amount: '9007199254740.991', price: '200' }, MARKET)).toEqual({
    kind: 'invalid',
    message: 'Order value is too large',
  });
});

it('the most a balance buys, held with its fee, and every share of it are whole lots that fit the balance', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 0n, max: 10n ** 12n }),
      fc.bigInt({ min: 1n, max: 10n ** 8n }),
      fc.integer({ min: 0, max: 100 }),
      (cents, ticks, percent) => {
        const available = exact(units(cents, 2));
        const price = exact(units(ticks, 2));
        const max = maxAmount('buy', available, price, MARKET)!;
        for (const amount of [max, share(max, percent, MARKET.lot)]) {
          expect(amount.div(MARKET.lot).isInteger()).toBe(true);
          const held = price.times('1.001').plus(MARKET.tick).times(amount);
          expect(held.lte(available)).toBe(true);
        }
        // One lot more would not fit.
        const more = max.plus(MARKET.lot);
        expect(price.times('1.001').plus(MARKET.tick).times(more).gt(available)).toBe(true);
      },
    ),
  );
});

it('a stop the last price has reached is refused, whichever way it triggers', () => {
  const stop = (side: 'buy' | 'sell', kind: EntryFields['kind'], at: string) =>
    entryFor('SOLUSDT', { ...FIELDS, side, kind, amount: '1', stop: at, price: at }, MARKET).kind;
  expect(stop('buy', 'stop_limit', '200')).toBe('invalid');
  expect(stop('buy', 'stop_limit', '200.01')).toBe('order');
  expect(stop('sell', 'stop_limit', '200')).toBe('invalid');
  expect(stop('sell', 'stop_limit', '199.99')).toBe('order');
  expect(stop('buy', 'take_profit_limit', '200')).toBe('invalid');
  expect(stop('buy', 'take_profit_limit', '199.99')).toBe('order');
  expect(stop('sell', 'take_profit_limit', '200.01')).toBe('order');
  expect(stop('sell', 'take_profit_limit', '199.99')).toBe('invalid');
});

it('a limit order with TP/SL is an OTOCO list: the order, then the closing pair on the other side', () => {
  const entry = entryFor(
    'SOLUSDT',
    { ...FIELDS, side: 'sell', amount: '0.5', price: '210', takeProfit: '190', stopLoss: '220' },
    MARKET,
  );
  expect(entry).toEqual({
    kind: 'list',
    payload: {
      symbol: 'SOL/USDT',
      kind: 'otoco',
      orders: [
        { side: 'sell', amount: '0.5', type: 'limit', price: '210', time_in_force: 'GTC' },
        { side: 'buy', amount: '0.5', type: 'take_profit_limit', stop_price: '190', price: '190' },
        { side: 'buy', amount: '0.5', type: 'stop_limit', stop_price: '220', price: '220' },
      ],
    },
  });
  const wrongWay = { ...FIELDS, amount: '0.5', price: '190', takeProfit: '180', stopLoss: '170' };
  expect(entryFor('SOLUSDT', wrongWay, MARKET)).toEqual({
    kind: 'invalid',
    message: 'Take profit must be above the price',
  });
  expect(entryFor('SOLUSDT', { ...wrongWay, takeProfit: '200', stopLoss: '195' }, MARKET)).toEqual({
    kind: 'invalid',
    message: 'Stop loss must be below the price',
  });
});
