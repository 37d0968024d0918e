import fc from 'fast-check';
import { fromLedgerUnits, ledgerUnitsSql, money, toLedgerUnits } from '../../../server/kernel/money';
import { startTestExchange } from '../../support/test-exchange';

/** A decimal string with up to 20 integer digits and 18 decimals: what numeric(38,18) holds. */
const amount = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
    fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }),
    fc.nat(18),
  )
  .map(
    ([negative, whole, fraction, digits]) =>
      `${negative ? '-' : ''}${whole}.${fraction
        .toString()
        .padStart(18, '0')
        .slice(0, digits || 1)}`,
  );

describe('ledger units (the ledger sums amounts as whole numbers of 10^-18)', () => {
  it('convert any amount the database holds there and back to the same decimal value', () => {
    fc.assert(
      fc.property(amount, (text) => {
        expect(money(fromLedgerUnits(toLedgerUnits(text))).eq(text)).toBe(true);
      }),
    );
  });

  it('add up exactly as decimals do', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), (texts) => {
        const units = texts.reduce((sum, text) => sum + toLedgerUnits(text), 0n);
        const decimals = texts.reduce((sum, text) => sum.plus(text), money(0));
        expect(fromLedgerUnits(units)).toBe(decimals.toFixed());
      }),
    );
  });

  it('take numbers and Decimals too, and refuse more decimals than the database keeps instead of rounding', () => {
    expect(toLedgerUnits(0.1)).toBe(10n ** 17n);
    expect(toLedgerUnits(money('-2.5'))).toBe(-25n * 10n ** 17n);
    expect(toLedgerUnits('1e-18')).toBe(1n);
    expect(toLedgerUnits('1.0000000000000000010')).toBe(10n ** 18n + 1n);
    expect(() => toLedgerUnits('0.0000000000000000001')).toThrow('more than 18 decimals');
  });
});

describe('ledger units as SQL literals (how postings send amounts)', () => {
  it('are read by PostgreSQL as exactly the amount they stand for', async () => {
    const server = await startTestExchange();
    try {
      const units = fc
        .sample(amount.map(toLedgerUnits), 500)
        .concat([0n, 1n, -1n, 10n ** 38n - 1n, -(10n ** 38n - 1n)]);
      const [{ mismatches }] = await server.exchange.context.dataSource.query(
        `SELECT count(*)::int AS mismatches FROM unnest($1::text[], $2::text[]) AS t(literal, plain)
          WHERE literal::numeric(38,18) IS DISTINCT FROM plain::numeric(38,18)`,
        [units.map(ledgerUnitsSql), units.map(fromLedgerUnits)],
      );
      expect(mismatches).toBe(0);
    } finally {
      await server.close();
    }
  });
});
