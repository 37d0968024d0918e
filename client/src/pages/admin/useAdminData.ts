/** The admin page's lists and counters, loaded together and kept fresh, and the actions that change them. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../api/client';
import { adminApi } from '../../api/endpoints';
import type { AdminStats, BankAccount, FundingRequest, KycSubmission, User } from '../../api/types';
import { isAwaitingDecision } from '../../format';
import { useRealtime } from '../../realtime/useRealtime';

interface AdminData {
  users: User[];
  deposits: FundingRequest[];
  withdrawals: FundingRequest[];
  kyc: KycSubmission[];
  banks: BankAccount[];
  stats: AdminStats | null;
}

/** Run an admin action with its success and fallback-failure toasts, then reload; resolves true on success. */
export type Act = (action: () => Promise<unknown>, success: string, failure: string) => Promise<boolean>;

// A list that failed to load keeps what it showed before.
const valueOr = <T>(result: PromiseSettledResult<T>, fallback: T): T =>
  result.status === 'fulfilled' && Array.isArray(result.value) ? result.value : fallback;

export function useAdminData(): Omit<AdminData, 'stats'> & { stats: AdminStats; act: Act } {
  const { enqueueSnackbar } = useSnackbar();
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
    // Only the lists' failures are reported (the counters fall back on the lists), and only once.
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

  return { ...data, stats, act };
}
