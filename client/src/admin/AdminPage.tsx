/**
 * Admin area: header, counters and the tab bar over users (and one user's detail), deposits,
 * withdrawals, KYC submissions, bank accounts, markets, Earn products, funding limits, the audit log
 * and the ledger.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session';
import { DownloadIcon, FileIcon, LogoutIcon, SettingsIcon, UploadIcon, UsersIcon } from '../components/Icons';
import Logo from '../components/Logo';
import Tabs from '../components/Tabs';
import AuditTab from './AuditTab';
import BankAccountsTab from './BankAccountsTab';
import DepositsTab from './DepositsTab';
import EarnTab from './EarnTab';
import FeeTiersTab from './FeeTiersTab';
import KycTab from './KycTab';
import LedgerTab from './LedgerTab';
import LimitsTab from './LimitsTab';
import MarketsTab from './MarketsTab';
import Pager, { PAGE_SIZE } from '../components/Pager';
import { useAdminData, type PagedList } from './useAdminData';
import UserDetail from './UserDetail';
import UsersTab from './UsersTab';
import WithdrawalsTab from './WithdrawalsTab';

type TabKey =
  'users' | 'deposits' | 'withdrawals' | 'kyc' | 'banks' | 'markets' | 'fees' | 'earn' | 'limits' | 'audit' | 'ledger';
/** The lists of useAdminData, paged here; the other tabs load and page what they show themselves. */
const isPaged = (tab: TabKey): tab is PagedList => ['users', 'deposits', 'withdrawals', 'kyc'].includes(tab);
const TABS: { key: TabKey; label: string }[] = [
  { key: 'users', label: 'Users' },
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
  { key: 'kyc', label: 'KYC Submissions' },
  { key: 'banks', label: 'Bank Accounts' },
  { key: 'markets', label: 'Markets' },
  { key: 'fees', label: 'Fee Tiers' },
  { key: 'earn', label: 'Earn' },
  { key: 'limits', label: 'Limits' },
  { key: 'audit', label: 'Audit Log' },
  { key: 'ledger', label: 'Ledger' },
];

export default function AdminPage() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabKey>('users');
  /** The user whose detail the Users tab shows instead of its list. */
  const [openUser, setOpenUser] = useState<string | null>(null);
  const { users, deposits, withdrawals, kyc, banks, stats, act, turnPage } = useAdminData();
  const pages = { users, deposits, withdrawals, kyc };
  const showsUserDetail = tab === 'users' && openUser !== null;

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
          <Link to="/settings" className="btn btn-ghost btn-sm">
            <SettingsIcon size={16} />
            Settings
          </Link>
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
        <Tabs
          items={TABS}
          active={tab}
          onChange={(key) => {
            setTab(key);
            setOpenUser(null);
          }}
        />
        <div className="card" style={{ marginTop: 16 }}>
          {showsUserDetail && <UserDetail userId={openUser} act={act} onBack={() => setOpenUser(null)} />}
          {tab === 'users' && !showsUserDetail && <UsersTab users={users.items} act={act} onOpen={setOpenUser} />}
          {tab === 'deposits' && <DepositsTab deposits={deposits.items} act={act} />}
          {tab === 'withdrawals' && <WithdrawalsTab withdrawals={withdrawals.items} act={act} />}
          {tab === 'kyc' && <KycTab submissions={kyc.items} act={act} />}
          {tab === 'banks' && <BankAccountsTab accounts={banks} act={act} />}
          {tab === 'markets' && <MarketsTab act={act} />}
          {tab === 'fees' && <FeeTiersTab act={act} />}
          {tab === 'earn' && <EarnTab act={act} />}
          {tab === 'limits' && <LimitsTab />}
          {tab === 'audit' && <AuditTab />}
          {tab === 'ledger' && <LedgerTab />}
          {isPaged(tab) && !showsUserDetail && (
            <Pager page={pages[tab]} pageSize={PAGE_SIZE} onTurn={(offset) => turnPage(tab, offset)} />
          )}
        </div>
      </main>
    </div>
  );
}
