import { query, traderWithDeposit, useBackOfficeExchange } from '../../support/back-office';
import { registerTrader, uniqueEmail, type ApiClient } from '../../support/http-client';

const suite = useBackOfficeExchange();

const today = () => new Date().toISOString().slice(0, 10);

async function exportLedger(range: Record<string, string>, caller: ApiClient = suite.admin) {
  const response = await fetch(`${suite.server.url}/api/admin/ledger/export${query(range)}`, {
    headers: { authorization: `Bearer ${caller.token}` },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The file's rows as objects named by its header line. */
function rowsOf(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.trimEnd().split('\r\n');
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], cell])));
}

describe('the ledger export', () => {
  it("has a deposit's journal: the trader's credit and the outside world's debit, summing to zero", async () => {
    const trader = await traderWithDeposit(suite.server, suite.admin, 123.45);
    const file = await exportLedger({ from: today(), to: today() });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="ledger-${today()}-to-${today()}.csv"`);
    expect(file.text.split('\r\n')[0]).toBe(
      'entry_id,journal_id,created_at,account_owner,user_id,asset,available,locked,reason,reference_type,reference_id',
    );
    const rows = rowsOf(file.text);
    const credit = rows.find((row) => row.user_id === trader.user.id)!;
    expect(credit).toMatchObject({
      account_owner: trader.email,
      asset: 'USD',
      available: '123.45',
      locked: '0',
      reason: 'deposit',
    });
    const journal = rows.filter((row) => row.journal_id === credit.journal_id);
    expect(journal.map((row) => [row.account_owner, row.available])).toEqual(
      expect.arrayContaining([
        [trader.email, '123.45'],
        ['external', '-123.45'],
      ]),
    );
    expect(journal).toHaveLength(2);
    // Written in order: ids rise down the file.
    const ids = rows.map((row) => BigInt(row.entry_id!));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('keeps an e-mail starting like a formula as text, and a negative amount as a number', async () => {
    const trader = await registerTrader(suite.api, 'Minus Trader', uniqueEmail('-1+1'));
    const deposit = await trader.client.post(`/deposit/request${query({ amount: 7 })}`);
    await suite.admin.post(`/admin/deposit/approve${query({ deposit_id: deposit.body.id })}`);
    const rows = rowsOf((await exportLedger({ from: today(), to: today() })).text);
    const credit = rows.find((row) => row.user_id === trader.user.id)!;
    expect(credit).toMatchObject({ account_owner: `"'${trader.email}"`, available: '7' });
    const debit = rows.find((row) => row.journal_id === credit.journal_id && row.account_owner === 'external');
    expect(debit).toMatchObject({ available: '-7' });
  });

  it('holds only the entries of the days asked for (UTC, both ends included)', async () => {
    const trader = await traderWithDeposit(suite.server, suite.admin, 10);
    const { dataSource } = suite.server.exchange.context;
    await dataSource.query(
      `UPDATE ledger_entries SET created_at = '2021-03-04T12:00:00Z'
        WHERE account_id IN (SELECT id FROM accounts WHERE user_id = $1)`,
      [trader.user.id],
    );
    const mine = async (range: Record<string, string>) =>
      rowsOf((await exportLedger(range)).text).filter((row) => row.user_id === trader.user.id);
    expect(await mine({ from: '2021-03-04', to: '2021-03-04' })).toHaveLength(1);
    expect(await mine({ from: '2021-03-01', to: '2021-03-31' })).toHaveLength(1);
    expect(await mine({ from: '2021-03-05', to: today() })).toHaveLength(0);
    expect(await mine({ from: '2021-03-03', to: '2021-03-03' })).toHaveLength(0);
  });

  it('needs both dates, in order, and is for administrators only', async () => {
    const refusals: Array<[Record<string, string>, string]> = [
      [{ from: today() }, 'Both dates are needed, from and to'],
      [{ to: today() }, 'Both dates are needed, from and to'],
      [{ from: '2021-02-29', to: '2021-03-01' }, 'Dates are written YYYY-MM-DD'],
      [{ from: '2021-03-02', to: '2021-03-01' }, 'The start date must not be after the end date'],
    ];
    for (const [range, detail] of refusals) {
      const file = await exportLedger(range);
      expect([file.status, JSON.parse(file.text)]).toEqual([400, { detail }]);
    }
    const { client } = await registerTrader(suite.api);
    expect((await exportLedger({ from: today(), to: today() }, client)).status).toBe(403);
  });
});
