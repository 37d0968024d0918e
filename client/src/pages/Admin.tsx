/** Admin area: counters, users, deposits, withdrawals, KYC submissions and bank accounts. */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { adminApi } from '../api/endpoints';
import type { AdminStats, BankAccount, FundingRequest, KycSubmission, User } from '../api/types';
import { useSession } from '../auth/session';
import DocumentDialog from '../components/DocumentDialog';
import { BankIcon, DownloadIcon, FileIcon, LogoutIcon, UploadIcon, UsersIcon } from '../components/Icons';
import Logo from '../components/Logo';
import StatusBadge from '../components/StatusBadge';
import Tabs from '../components/Tabs';
import { dateTime, isAwaitingDecision, titleCase, usd } from '../format';
import { useRealtime } from '../realtime/useRealtime';

type TabKey = 'users' | 'deposits' | 'withdrawals' | 'kyc' | 'banks';
const TABS: { key: TabKey; label: string }[] = [
  { key: 'users', label: 'Users' },
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
  { key: 'kyc', label: 'KYC Submissions' },
  { key: 'banks', label: 'Bank Accounts' },
];

interface AdminData {
  users: User[];
  deposits: FundingRequest[];
  withdrawals: FundingRequest[];
  kyc: KycSubmission[];
  banks: BankAccount[];
  stats: AdminStats | null;
}

const valueOr = <T,>(result: PromiseSettledResult<T>, fallback: T): T =>
  result.status === 'fulfilled' && Array.isArray(result.value) ? result.value : fallback;

/** Run an admin action with its success and fallback-failure toasts, then reload. */
type Act = (action: () => Promise<unknown>, success: string, failure: string) => Promise<boolean>;

export default function Admin() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [tab, setTab] = useState<TabKey>('users');
  const [data, setData] = useState<AdminData>({
    users: [],
    deposits: [],
    withdrawals: [],
    kyc: [],
    banks: [],
    stats: null,
  });
  const reportedFailure = useRef(false);

  const load = useCallback(async () => {
    const results = await Promise.allSettled([
      adminApi.users(),
      adminApi.deposits(),
      adminApi.withdrawals(),
      adminApi.kyc(),
      adminApi.bankAccounts(),
      adminApi.stats(),
    ] as const);
    const [users, deposits, withdrawals, kyc, banks, stats] = results;
    setData((current) => ({
      users: valueOr(users, current.users),
      deposits: valueOr(deposits, current.deposits),
      withdrawals: valueOr(withdrawals, current.withdrawals),
      kyc: valueOr(kyc, current.kyc),
      banks: valueOr(banks, current.banks),
      stats: stats.status === 'fulfilled' ? stats.value : null,
    }));
    results.forEach((r) => r.status === 'rejected' && console.warn('admin: load failed', r.reason));
    const failed = results.slice(0, 5).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed && !reportedFailure.current) {
      reportedFailure.current = true;
      enqueueSnackbar(errorMessage(failed.reason, 'Failed to fetch data'), { variant: 'error' });
    }
  }, [enqueueSnackbar]);

  useEffect(() => {
    void load();
  }, [load]);

  useRealtime([], { 'admin:update': () => void load() });

  const act: Act = async (action, success, failure) => {
    try {
      await action();
      enqueueSnackbar(success, { variant: 'success' });
      await load();
      return true;
    } catch (error) {
      enqueueSnackbar(errorMessage(error, failure), { variant: 'error' });
      return false;
    }
  };

  // Counters come from /admin/stats; the lists stand in until it answers.
  const stats: AdminStats = data.stats ?? {
    total_users: data.users.filter((u) => !u.is_admin).length,
    pending_deposits: data.deposits.filter((d) => d.status === 'pending').length,
    pending_withdrawals: data.withdrawals.filter((w) => w.status === 'pending').length,
    pending_kyc: data.kyc.filter((k) => isAwaitingDecision(k.status)).length,
  };
  const counters = [
    { label: 'Total Users', value: stats.total_users, icon: <UsersIcon size={16} /> },
    { label: 'Pending Deposits', value: stats.pending_deposits, icon: <DownloadIcon size={16} /> },
    { label: 'Pending Withdrawals', value: stats.pending_withdrawals, icon: <UploadIcon size={16} /> },
    { label: 'Pending KYC', value: stats.pending_kyc, icon: <FileIcon size={16} /> },
  ];

  return (
    <div className="page">
      <header className="dash-header">
        <div className="inner">
          <Logo to="/admin" />
          <div className="grow">
            <div style={{ fontWeight: 600 }}>Admin</div>
            <div className="muted small">{user?.full_name}</div>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              logout();
              navigate('/login');
            }}
          >
            <LogoutIcon size={16} />
            Logout
          </button>
        </div>
      </header>
      <main className="container" style={{ padding: 24 }}>
        <div className="grid grid-4" style={{ marginBottom: 24 }}>
          {counters.map((c) => (
            <div key={c.label} className="card">
              <div className="card-title">
                {c.icon}
                {c.label}
              </div>
              <div className="big-number num" data-testid={`counter-${c.label}`}>
                {c.value}
              </div>
            </div>
          ))}
        </div>
        <Tabs items={TABS} active={tab} onChange={setTab} />
        <div className="card" style={{ marginTop: 16 }}>
          {tab === 'users' && <UsersTab users={data.users} act={act} />}
          {tab === 'deposits' && <FundingTab kind="deposit" items={data.deposits} act={act} />}
          {tab === 'withdrawals' && <FundingTab kind="withdrawal" items={data.withdrawals} act={act} />}
          {tab === 'kyc' && <KycTab items={data.kyc} act={act} />}
          {tab === 'banks' && <BankAccountsTab accounts={data.banks} act={act} />}
        </div>
      </main>
    </div>
  );
}

function UsersTab({ users, act }: { users: User[]; act: Act }) {
  if (users.length === 0) return <div className="empty">No users yet</div>;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th className="right">Balance</th>
            <th>KYC</th>
            <th>Status</th>
            <th className="right">Action</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                {u.full_name}
                {u.is_admin && (
                  <span className="badge neutral" style={{ marginLeft: 6 }}>
                    admin
                  </span>
                )}
              </td>
              <td className="muted">{u.email}</td>
              <td className="right num">{usd(u.balance ?? 0)}</td>
              <td>
                <StatusBadge status={u.kyc_status} />
              </td>
              <td>
                <StatusBadge status={u.is_active ? 'active' : 'suspended'} />
              </td>
              <td className="right">
                {u.is_active ? (
                  <button
                    type="button"
                    className="btn btn-sell btn-sm"
                    disabled={u.is_admin}
                    onClick={() => act(() => adminApi.suspendUser(u.id), 'User suspended', 'Failed to suspend user')}
                  >
                    Suspend
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-buy btn-sm"
                    onClick={() => act(() => adminApi.activateUser(u.id), 'User activated', 'Failed to activate user')}
                  >
                    Activate
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FundingTab({ kind, items, act }: { kind: 'deposit' | 'withdrawal'; items: FundingRequest[]; act: Act }) {
  const [notes, setNotes] = useState<Record<string, string>>({});
  const noun = kind === 'deposit' ? 'Deposit' : 'Withdrawal';
  if (items.length === 0)
    return <div className="empty">{kind === 'deposit' ? 'No deposits yet' : 'No withdrawals yet'}</div>;

  const decide = (item: FundingRequest, decision: 'approve' | 'reject') => {
    const note = notes[item.id] ?? '';
    const call =
      kind === 'deposit'
        ? decision === 'approve'
          ? () => adminApi.approveDeposit(item.id, note)
          : () => adminApi.rejectDeposit(item.id, note)
        : decision === 'approve'
          ? () => adminApi.approveWithdrawal(item.id, note)
          : () => adminApi.rejectWithdrawal(item.id, note);
    const past = decision === 'approve' ? 'approved' : 'rejected';
    return act(call, `${noun} ${past}`, `Failed to ${decision} ${kind}`);
  };

  return (
    <div className="list">
      {items.map((item) => (
        <div key={item.id} className="list-row" style={{ alignItems: 'flex-start' }}>
          <div style={{ minWidth: 220 }}>
            <div className="num" style={{ fontWeight: 600, fontSize: 16 }}>
              {usd(item.amount)}
            </div>
            <div>
              {item.user?.full_name} <span className="muted small">{item.user?.email}</span>
            </div>
            <div className="muted small">{dateTime(item.created_at)}</div>
            {item.admin_notes && <div className="muted small">Notes: {item.admin_notes}</div>}
          </div>
          <div className="stack" style={{ gap: 8, alignItems: 'flex-end', flex: 1, maxWidth: 420 }}>
            <StatusBadge status={item.status} />
            {item.status === 'pending' && (
              <>
                <textarea
                  className="input"
                  placeholder="Admin notes (optional)"
                  value={notes[item.id] ?? ''}
                  onChange={(e) => setNotes((n) => ({ ...n, [item.id]: e.target.value }))}
                />
                <div className="row">
                  <button type="button" className="btn btn-buy btn-sm" onClick={() => decide(item, 'approve')}>
                    Approve
                  </button>
                  <button type="button" className="btn btn-sell btn-sm" onClick={() => decide(item, 'reject')}>
                    Reject
                  </button>
                </div>
              </>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

function KycTab({ items, act }: { items: KycSubmission[]; act: Act }) {
  const [viewing, setViewing] = useState<KycSubmission | null>(null);
  if (items.length === 0) return <div className="empty">No KYC submissions yet</div>;
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Document</th>
              <th>Submitted</th>
              <th>Status</th>
              <th className="right">Action</th>
            </tr>
          </thead>
          <tbody>
            {items.map((k) => (
              <tr key={k.id}>
                <td>{k.user?.full_name}</td>
                <td className="muted">{k.user?.email}</td>
                <td>{titleCase(String(k.document_type))}</td>
                <td className="muted">{dateTime(k.submitted_at)}</td>
                <td>
                  <StatusBadge status={k.status} />
                </td>
                <td className="right">
                  <button type="button" className="btn btn-sm" onClick={() => setViewing(k)}>
                    View Document
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {viewing && (
        <DocumentDialog
          submission={viewing}
          onClose={() => setViewing(null)}
          onDecide={(decision, notes) =>
            decision === 'approve'
              ? act(() => adminApi.approveKyc(viewing.id, notes), 'KYC approved', 'Failed to approve KYC')
              : act(() => adminApi.rejectKyc(viewing.id, notes), 'KYC rejected', 'Failed to reject KYC')
          }
        />
      )}
    </>
  );
}

function BankAccountsTab({ accounts, act }: { accounts: BankAccount[]; act: Act }) {
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ bank_name: '', account_number: '', account_holder: '' });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { bank_name, account_number, account_holder } = form;
    if (!bank_name.trim() || !account_number.trim() || !account_holder.trim()) {
      enqueueSnackbar('Please fill all fields', { variant: 'error' });
      return;
    }
    const ok = await act(
      () => adminApi.createBankAccount(bank_name.trim(), account_number.trim(), account_holder.trim()),
      'Bank account created',
      'Failed to create bank account',
    );
    if (ok) {
      setForm({ bank_name: '', account_number: '', account_holder: '' });
      setOpen(false);
    }
  };

  const onDelete = (account: BankAccount) => {
    if (!window.confirm('Are you sure you want to delete this bank account?')) return;
    void act(() => adminApi.deleteBankAccount(account.id), 'Bank account deleted', 'Failed to delete bank account');
  };

  return (
    <div className="stack">
      <div className="row between">
        <h3>Bank Accounts</h3>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen((o) => !o)}>
          {open ? 'Cancel' : 'Add Bank Account'}
        </button>
      </div>
      {open && (
        <form className="grid grid-3" onSubmit={onSubmit} style={{ alignItems: 'end' }}>
          <div className="field">
            <label htmlFor="bank-name">Bank Name</label>
            <input
              id="bank-name"
              className="input"
              value={form.bank_name}
              onChange={(e) => setForm({ ...form, bank_name: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="bank-number">Account Number</label>
            <input
              id="bank-number"
              className="input"
              value={form.account_number}
              onChange={(e) => setForm({ ...form, account_number: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="bank-holder">Account Holder Name</label>
            <input
              id="bank-holder"
              className="input"
              value={form.account_holder}
              onChange={(e) => setForm({ ...form, account_holder: e.target.value })}
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary">
              Save Bank Account
            </button>
          </div>
        </form>
      )}
      {accounts.length === 0 ? (
        <div className="empty">No bank accounts yet</div>
      ) : (
        <div className="list">
          {accounts.map((a) => (
            <div key={a.id} className="list-row">
              <div className="row" style={{ gap: 12 }}>
                <BankIcon />
                <div>
                  <div style={{ fontWeight: 600 }}>
                    {a.bank_name}{' '}
                    <span className={`badge ${a.is_active ? 'up' : 'neutral'}`}>
                      {a.is_active ? 'Active' : 'Inactive'}
                    </span>
                  </div>
                  <div className="muted small">
                    <span className="num">{a.account_number}</span> · {a.account_holder}
                  </div>
                </div>
              </div>
              <div className="row">
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() =>
                    act(
                      () => adminApi.toggleBankAccount(a.id),
                      'Bank account status updated',
                      'Failed to update bank account',
                    )
                  }
                >
                  {a.is_active ? 'Deactivate' : 'Activate'}
                </button>
                <button type="button" className="btn btn-sell btn-sm" onClick={() => onDelete(a)}>
                  Delete
                </button>
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
