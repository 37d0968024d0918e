/** Suspend for an active user, Activate for a suspended one; administrators cannot be suspended. */
import { adminApi } from '../api/endpoints';
import type { Act } from './useAdminData';

export default function SuspendButton({
  user,
  act,
}: {
  user: { id: string; is_active: boolean; is_admin: boolean };
  act: Act;
}) {
  return user.is_active ? (
    <button
      type="button"
      className="btn btn-sell btn-sm"
      disabled={user.is_admin}
      onClick={() => act(() => adminApi.suspendUser(user.id), 'User suspended', 'Failed to suspend user')}
    >
      Suspend
    </button>
  ) : (
    <button
      type="button"
      className="btn btn-buy btn-sm"
      onClick={() => act(() => adminApi.activateUser(user.id), 'User activated', 'Failed to activate user')}
    >
      Activate
    </button>
  );
}
