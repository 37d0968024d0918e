/** Admin's Audit Log tab: every administrator decision, narrowed by who, what and when, and exported as CSV. */
import { useCallback, useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { adminApi, type AuditFilters } from '../api/endpoints';
import { dateTime } from '../format';
import AdminTable from './AdminTable';
import DateRangeFields from '../components/DateRangeFields';
import Pager, { PAGE_SIZE } from '../components/Pager';
import { usePagedList } from '../components/usePagedList';

/** The kinds of decision the log holds; each narrows to every action of its kind (deposit: approve and reject). */
const ACTIONS = [
  { value: '', label: 'All actions' },
  { value: 'user', label: 'Users' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'withdrawal', label: 'Withdrawals' },
  { value: 'kyc', label: 'KYC' },
  { value: 'bank_account', label: 'Bank accounts' },
  { value: 'limits', label: 'Limits' },
];

const NO_FILTERS: Required<AuditFilters> = { actor: '', action: '', from: '', to: '' };

export default function AuditTab() {
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const read = useCallback((offset: number, limit: number) => adminApi.audit(filters, offset, limit), [filters]);
  const { page, loaded, turn } = usePagedList(read, 'Failed to fetch data');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...form, actor: form.actor.trim() });
  };

  const onExport = async () => {
    try {
      await adminApi.exportAudit(filters);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to export the audit log'), { variant: 'error' });
    }
  };

  return (
    <div className="stack">
      <div className="row between">
        <h3>Audit Log</h3>
        <button type="button" className="btn btn-sm" onClick={onExport}>
          Export CSV
        </button>
      </div>
      <form className="grid admin-filters" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="audit-actor">Actor</label>
          <input
            id="audit-actor"
            className="input"
            placeholder="E-mail or name"
            value={form.actor}
            onChange={(e) => setForm({ ...form, actor: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select
            id="audit-action"
            className="input"
            value={form.action}
            onChange={(e) => setForm({ ...form, action: e.target.value })}
          >
            {ACTIONS.map((action) => (
              <option key={action.value} value={action.value}>
                {action.label}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields idPrefix="audit" range={form} onChange={(range) => setForm({ ...form, ...range })} />
        <div className="field">
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
        </div>
      </form>
      {loaded && page.items.length === 0 ? (
        <div className="empty">No audit entries</div>
      ) : (
        <AdminTable columns={['Time', 'Admin', 'Action', 'Target', 'Notes']}>
          {page.items.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td className="num">{dateTime(entry.created_at)}</td>
              <td>
                <div>{entry.admin?.full_name ?? 'Unknown'}</div>
                <div className="muted small">{entry.admin?.email}</div>
              </td>
              <td>
                <span className="badge neutral plain">{entry.action}</span>
              </td>
              <td className="muted small">
                {entry.target_type} <span className="num">{entry.target_id.slice(0, 8)}</span>
              </td>
              <td className="small wrap">{entry.notes ?? '-'}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} onTurn={(offset) => void turn(offset)} />
    </div>
  );
}
