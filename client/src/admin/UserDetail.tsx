/** One user as the admin sees them, opened from the Users tab: account, balances, KYC, and their orders, trades, funding and sessions a page at a time. */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { adminApi } from '../api/endpoints';
import type { Order, UserDetail as Detail, UserFunding, UserSession, UserTrade } from '../api/types';
import { ArrowLeftIcon } from '../components/Icons';
import { documentTypeName } from '../documents';
import StatusBadge from '../components/StatusBadge';
import Tabs from '../components/Tabs';
import { assetAmount, dateTime, deviceName, fineUsd, looseQuantity, titleCase, usd } from '../format';
import AdminTable from './AdminTable';
import Pager, { PAGE_SIZE } from '../components/Pager';
import SuspendButton from './SuspendButton';
import type { Act } from './useAdminData';
import { usePagedList } from '../components/usePagedList';

type ListKey = 'orders' | 'trades' | 'funding' | 'sessions';
const LISTS: { key: ListKey; label: string }[] = [
  { key: 'orders', label: 'Open Orders' },
  { key: 'trades', label: 'Trades' },
  { key: 'funding', label: 'Funding' },
  { key: 'sessions', label: 'Sessions' },
];

/** How each list's items fill a table row. */
const TABLES: { [K in ListKey]: { columns: string[]; right: string[]; row: (item: never) => ReactNode[] } } = {
  orders: {
    columns: ['Time', 'Pair', 'Type', 'Side', 'Price', 'Amount', 'Filled', 'Status'],
    right: ['Price', 'Amount', 'Filled'],
    row: (o: Order) => [
      dateTime(o.created_at),
      o.symbol,
      titleCase(o.type),
      <span className={o.side === 'buy' ? 'up' : 'down'}>{titleCase(o.side)}</span>,
      o.price === null ? 'Market' : usd(o.price),
      looseQuantity(o.amount),
      looseQuantity(o.filled),
      <StatusBadge status={o.status} />,
    ],
  },
  trades: {
    columns: ['Time', 'Pair', 'Side', 'Price', 'Amount', 'Total', 'Fee'],
    right: ['Price', 'Amount', 'Total', 'Fee'],
    row: (t: UserTrade) => [
      dateTime(t.created_at),
      t.symbol,
      <span className={t.side === 'buy' ? 'up' : 'down'}>{titleCase(t.side)}</span>,
      usd(t.price),
      looseQuantity(t.amount),
      usd(t.total),
      usd(t.fee),
    ],
  },
  funding: {
    columns: ['Time', 'Kind', 'Amount', 'Status', 'Notes'],
    right: ['Amount'],
    row: (f: UserFunding) => [
      dateTime(f.created_at),
      titleCase(f.kind),
      usd(f.amount),
      <StatusBadge status={f.status} />,
      f.admin_notes ?? '-',
    ],
  },
  sessions: {
    columns: ['Device', 'Address', 'Signed in', 'Last seen'],
    right: [],
    row: (s: UserSession) => [deviceName(s.user_agent), s.ip, dateTime(s.created_at), dateTime(s.last_seen_at)],
  },
};

function ActivityList({ userId, list }: { userId: string; list: ListKey }) {
  const read = useCallback(
    (offset: number, limit: number) => adminApi.userList<never>(userId, list, offset, limit),
    [userId, list],
  );
  const { page, loaded, turn } = usePagedList(read, 'Failed to fetch data');
  const table = TABLES[list];
  if (loaded && page.total === 0) return <div className="empty">Nothing here yet</div>;
  return (
    <>
      <AdminTable columns={table.columns} rightAligned={table.right}>
        {page.items.map((item, i) => (
          <tr key={i} data-testid={`user-${list}-row`}>
            {table.row(item).map((cell, c) => (
              <td key={c} className={table.right.includes(table.columns[c]!) ? 'right num' : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </AdminTable>
      <Pager page={page} pageSize={PAGE_SIZE} onTurn={(offset) => void turn(offset)} />
    </>
  );
}

export default function UserDetail({ userId, act, onBack }: { userId: string; act: Act; onBack: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [list, setList] = useState<ListKey>('orders');

  const load = useCallback(
    () =>
      adminApi
        .user(userId)
        .then(setDetail)
        .catch((error) => enqueueSnackbar(errorMessage(error, 'Failed to fetch data'), { variant: 'error' })),
    [userId, enqueueSnackbar],
  );
  useEffect(() => {
    void load();
  }, [load]);

  // A suspension or activation reloads the admin page's lists and this detail.
  const actHere: Act = async (action, success, failure) => {
    const ok = await act(action, success, failure);
    if (ok) await load();
    return ok;
  };

  return (
    <div className="stack" data-testid="user-detail">
      <div className="admin-detail-head">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
          <ArrowLeftIcon size={16} />
          Users
        </button>
        {detail && (
          <>
            <div className="grow">
              <h3>{detail.full_name}</h3>
              <div className="muted small">{detail.email}</div>
            </div>
            <StatusBadge status={detail.is_active ? 'active' : 'suspended'} />
            <SuspendButton user={detail} act={actHere} />
          </>
        )}
      </div>
      {detail && (
        <div className="grid grid-2">
          <section className="card">
            <div className="card-title">Balances</div>
            {detail.balances.length === 0 ? (
              <div className="empty">No balances</div>
            ) : (
              <AdminTable columns={['Asset', 'Available', 'Locked']} rightAligned={['Available', 'Locked']}>
                {detail.balances.map((b) => (
                  <tr key={b.asset} data-testid="user-balance">
                    <td>{b.asset}</td>
                    <td className="right num">{assetAmount(b.available, b.asset)}</td>
                    <td className="right num">{assetAmount(b.locked, b.asset)}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
          <section className="card">
            <div className="card-title">Account and KYC</div>
            <dl className="admin-facts">
              <dt>Registered</dt>
              <dd className="num">{dateTime(detail.created_at)}</dd>
              <dt>KYC</dt>
              <dd>
                <StatusBadge status={detail.kyc.status} />
              </dd>
              {detail.kyc.latest && (
                <>
                  <dt>Latest document</dt>
                  <dd>
                    {documentTypeName(detail.kyc.latest.document_type)}, {detail.kyc.latest.status}, sent{' '}
                    <span className="num">{dateTime(detail.kyc.latest.submitted_at)}</span>
                  </dd>
                  <dt>Notes</dt>
                  <dd>{detail.kyc.latest.admin_notes ?? '-'}</dd>
                </>
              )}
              <dt>Fee tier</dt>
              <dd data-testid="user-fee-tier">
                {detail.fee_tier.tier ?? 'Market rates'} · 30-day volume{' '}
                <span className="num">{usd(detail.fee_tier.volume_30d)}</span>
              </dd>
              <dt>Referral code</dt>
              <dd className="num">{detail.referral.code}</dd>
              <dt>Referred by</dt>
              <dd data-testid="user-referred-by">{detail.referral.referred_by?.email ?? '-'}</dd>
              <dt>Referred</dt>
              <dd data-testid="user-referrals">
                <span className="num">{detail.referral.referred_count}</span> traders, earned{' '}
                <span className="num">{fineUsd(detail.referral.earned)}</span>
              </dd>
            </dl>
          </section>
        </div>
      )}
      <Tabs items={LISTS} active={list} onChange={setList} variant="pill" />
      <ActivityList key={list} userId={userId} list={list} />
    </div>
  );
}
