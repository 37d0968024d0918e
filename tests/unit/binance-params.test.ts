import fc from 'fast-check';
import { z } from 'zod';
import { BinanceError } from '../../server/gateways/binance/protocol/binance-error';
import {
  decimalParam,
  enumParam,
  integerParam,
  invalidValue,
  paramsOf,
  parseParams,
  type BinanceParams,
} from '../../server/gateways/binance/binance-params';

/** What a reading answers: its parameters, or Binance's refusal. */
function outcome(read: () => unknown): unknown {
  try {
    const value = read();
    return { value: { ...(value as object) } };
  } catch (error) {
    if (error instanceof BinanceError) return { refused: `${error.status} ${error.code} ${error.message}` };
    throw error;
  }
}

/** The WHATWG reading of a form, one value per name (the query string's winning), as Binance's parameters are read. */
function urlSearchParamsReading(rawQuery: string, rawBody: string): unknown {
  return outcome(() => {
    const part = (raw: string) => {
      const params: BinanceParams = Object.create(null);
      for (const [name, value] of new URLSearchParams(raw)) {
        if (Object.hasOwn(params, name))
          throw new BinanceError(400, -1101, 'Duplicate values for a parameter detected.');
        params[name] = value;
      }
      return params;
    };
    return { ...part(rawBody), ...part(rawQuery) };
  });
}

describe("a request's parameters", () => {
  it('are read from a form as URLSearchParams reads it, escapes, pluses, odd text and duplicates included (property)', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      '=',
      '&',
      '%',
      '%4',
      '%41',
      '%C3%A9',
      '+',
      '?',
      'é',
      '\uD800',
      '😀',
      '__proto__',
    );
    const form = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(form, form, (query, body) => {
        expect(outcome(() => paramsOf(query, body))).toEqual(urlSearchParamsReading(query, body));
      }),
      { numRuns: 5000 },
    );
  });

  it('keep the names and values of a plain form as sent, the query string winning a clash', () => {
    const params = paramsOf('side=SELL&x', 'symbol=BTCUSDT&side=BUY&&quantity=0.5&price=');
    expect({ ...params }).toEqual({ symbol: 'BTCUSDT', side: 'SELL', quantity: '0.5', price: '', x: '' });
    expect(Object.getPrototypeOf(paramsOf('', '__proto__=1'))).toBeNull();
  });
});

describe('parseParams', () => {
  const readers = {
    quantity: decimalParam('quantity'),
    side: enumParam(['BUY', 'SELL'] as const, () => invalidValue('side')),
    limit: integerParam('limit', 1, 1000).optional(),
    price: decimalParam('price').optional(),
  };
  const schema = z.object(readers);
  // A field that is no reader of ours (and never sent) leaves the checking to zod.
  const checkedByZod = z.object({ ...readers, note: z.string().optional() });

  it('answers what zod answers for the same parameters: the first failure in the schema order, sent empty as not sent (property)', () => {
    // Each name mostly sent well, sometimes empty, wrong, or not text (a WebSocket API request's JSON).
    const value = (...good: string[]) => fc.constantFrom<unknown>(...good, ...good, '', 'x', '-1', 7, null);
    const sentParams = fc.record(
      {
        quantity: value('1', '0.5'),
        side: value('BUY', 'SELL'),
        limit: value('5', '1000', '1001'),
        price: value('2.5', '1.123456789'),
        timestamp: value('1'),
        other: value('1'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(sentParams, fc.boolean(), (sent, signed) => {
        const params = sent as BinanceParams;
        expect(outcome(() => parseParams(schema, params, signed))).toEqual(
          outcome(() => parseParams(checkedByZod, params, signed)),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("refuses with Binance's words", () => {
    expect(outcome(() => parseParams(schema, { side: 'BUY', limit: '5' }))).toEqual({
      refused: "400 -1102 Mandatory parameter 'quantity' was not sent, was empty/null, or malformed.",
    });
    expect(outcome(() => parseParams(schema, { quantity: '1', side: 'BUY', limit: '1x' }))).toEqual({
      refused: "400 -1100 Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'.",
    });
    expect(outcome(() => parseParams(schema, { quantity: '1', side: 'BUY', limit: '0' }))).toEqual({
      refused: "400 -1130 Data sent for parameter 'limit' is not valid.",
    });
    expect(outcome(() => parseParams(schema, { quantity: '1', side: 'BUY', timestamp: '1' }))).toEqual({
      refused: "400 -1104 Not all sent parameters were read; read '2' parameter(s) but was sent '3'.",
    });
    expect(outcome(() => parseParams(schema, { quantity: '1', side: 'BUY', limit: '', timestamp: '1' }, true))).toEqual(
      {
        value: { quantity: '1', side: 'BUY' },
      },
    );
  });
});
