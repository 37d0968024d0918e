/** Admin's Users tab: every account with its balance and KYC status; a row opens the user's detail, where they are suspended or activated too. */
import type { User } from '../api/types';
import StatusBadge from '../components/StatusBadge';
import { usd } from '../format';
import AdminTable from './AdminTable';
import SuspendButton from './SuspendButton';
import type { Act } from './useAdminData';

export default function UsersTab({
  users,
  act,
  onOpen,
}: {
  users: User[];
  act: Act;
  onOpen: (userId: string) => void;
}) {
  if (users.length === 0) return <div className="empty">No users yet</div>;
  return (
    <AdminTable columns={['Name', 'Email', 'Balance', 'KYC', 'Status', 'Action']} rightAligned={['Balance', 'Action']}>
      {users.map((u) => (
        <tr key={u.id} className="clickable" onClick={() => onOpen(u.id)}>
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
          {/* The button acts on its own: a click on it does not open the detail. */}
          <td className="right" onClick={(event) => event.stopPropagation()}>
            <SuspendButton user={u} act={act} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
