/** Admin's Users tab: every account with its balance and KYC status; traders are suspended or activated here. */
import { adminApi } from '../../api/endpoints';
import type { User } from '../../api/types';
import StatusBadge from '../../components/StatusBadge';
import { usd } from '../../format';
import AdminTable from './AdminTable';
import type { Act } from './useAdminData';

export default function UsersTab({ users, act }: { users: User[]; act: Act }) {
  if (users.length === 0) return <div className="empty">No users yet</div>;
  return (
    <AdminTable columns={['Name', 'Email', 'Balance', 'KYC', 'Status', 'Action']} rightAligned={['Balance', 'Action']}>
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
    </AdminTable>
  );
}
