/** Admin's Ledger tab: the ledger check (every account recomputed, every asset summing to zero) and the journal's CSV export. */
import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { adminApi } from '../api/endpoints';
import type { LedgerCheck } from '../api/types';
import { assetAmount, exactDecimal } from '../format';
import AdminTable from './AdminTable';
import { clientPage } from './clientPage';
import DateRangeFields from '../components/DateRangeFields';
import Pager, { PAGE_SIZE } from '../components/Pager';

const today = () => new Date().toISOString().slice(0, 10);

export default function LedgerTab() {
  const { enqueueSnackbar } = useSnackbar();
  const [check, setCheck] = useState<LedgerCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [offsets, setOffsets] = useState({ totals: 0, mismatches: 0 });
  const [range, setRange] = useState({ from: today(), to: today() });

  const runCheck = async () => {
    setChecking(true);
    try {
      setCheck(await adminApi.checkLedger());
      setOffsets({ totals: 0, mismatches: 0 });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to check the ledger'), { variant: 'error' });
    } finally {
      setChecking(false);
    }
  };

  const onExport = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await adminApi.exportLedger(range.from, range.to);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to export the ledger'), { variant: 'error' });
    }
  };

  const totals = check && clientPage(check.totals, offsets.totals, PAGE_SIZE);
  const mismatches = check && clientPage(check.mismatches, offsets.mismatches, PAGE_SIZE);

  return (
    <div className="stack">
      <div className="row between">
        <h3>Ledger</h3>
        <button type="button" className="btn btn-primary btn-sm" disabled={checking} onClick={runCheck}>
          {checking ? 'Checking...' : 'Run Check'}
        </button>
      </div>
      {check === null ? (
        <div className="empty">Run the check to recompute every account from its journal entries</div>
      ) : (
        <>
          <div className="row" data-testid="ledger-state">
            <span className={`badge plain ${check.ok ? 'up' : 'down'} ledger-state`}>
              {check.ok ? 'Ledger balanced' : 'Ledger out of balance'}
            </span>
            <span className="muted small">
              {check.mismatches.length === 0
                ? 'Every balance equals the sum of its entries'
                : `${check.mismatches.length} balances differ from their entries`}
            </span>
          </div>
          <div className="card-title">Totals per asset</div>
          <AdminTable
            columns={['Asset', 'Users', 'System accounts', 'Total']}
            rightAligned={['Users', 'System accounts', 'Total']}
          >
            {totals!.items.map((total) => (
              <tr key={total.asset} data-testid="ledger-total">
                <td>{total.asset}</td>
                <td className="right num">{assetAmount(total.users, total.asset)}</td>
                <td className="right num">{assetAmount(total.system, total.asset)}</td>
                <td className="right num">{assetAmount(total.total, total.asset)}</td>
              </tr>
            ))}
          </AdminTable>
          <Pager page={totals!} pageSize={PAGE_SIZE} onTurn={(offset) => setOffsets({ ...offsets, totals: offset })} />
          {check.mismatches.length > 0 && (
            <>
              <div className="card-title">Mismatches</div>
              <AdminTable
                columns={['Account', 'Asset', 'Bucket', 'Balance', 'Ledger']}
                rightAligned={['Balance', 'Ledger']}
              >
                {mismatches!.items.map((row) => (
                  <tr key={`${row.account_id}-${row.bucket}`}>
                    <td className="num">{row.account_id.slice(0, 8)}</td>
                    <td>{row.asset}</td>
                    <td>{row.bucket}</td>
                    <td className="right num">{assetAmount(row.balance, row.asset)}</td>
                    <td className="right num">{assetAmount(row.ledger, row.asset)}</td>
                  </tr>
                ))}
              </AdminTable>
              <Pager
                page={mismatches!}
                pageSize={PAGE_SIZE}
                onTurn={(offset) => setOffsets({ ...offsets, mismatches: offset })}
              />
            </>
          )}
        </>
      )}
      {check && check.held.length > 0 && (
        <>
          <div className="card-title">Held for others, not as recorded</div>
          <AdminTable columns={['Account', 'Asset', 'Balance', 'Held']} rightAligned={['Balance', 'Held']}>
            {check.held.map((row) => (
              <tr key={`${row.system}-${row.asset}`}>
                <td>{row.system}</td>
                <td>{row.asset}</td>
                <td className="right num">{exactDecimal(row.balance)}</td>
                <td className="right num">{exactDecimal(row.held)}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      {check && check.paid.length > 0 && (
        <>
          <div className="card-title">Paid, not as journaled</div>
          <AdminTable columns={['Payment', 'Asset', 'Journal', 'Recorded']} rightAligned={['Journal', 'Recorded']}>
            {check.paid.map((row) => (
              <tr key={`${row.reason}-${row.asset}`}>
                <td>{row.reason}</td>
                <td>{row.asset}</td>
                <td className="right num">{exactDecimal(row.journal)}</td>
                <td className="right num">{exactDecimal(row.recorded)}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      <div className="card-title">Journal export</div>
      <form className="grid admin-filters admin-range" onSubmit={onExport}>
        <DateRangeFields idPrefix="ledger" range={range} required onChange={setRange} />
        <div className="field">
          <button type="submit" className="btn">
            Export CSV
          </button>
        </div>
      </form>
    </div>
  );
}
