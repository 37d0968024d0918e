/** The admin page's lists and counters, loaded together and kept fresh, and the actions that change them. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage, type ListPage } from '../api/client';
import { adminApi } from '../api/endpoints';
import type { AdminStats, BankAccount, FundingRequest, KycSubmission, User } from '../api/types';
import { useRealtime } from '../realtime/useRealtime';
import { PAGE_SIZE, type ShownPage } from '../components/Pager';

/** The lists shown a page at a time: however long a queue grows, every item stays a page turn away. */
export type PagedList = 'users' | 'deposits' | 'withdrawals' | 'kyc';

interface AdminData {
  users: ShownPage<User>;
  deposits: ShownPage<FundingRequest>;
  withdrawals: ShownPage<FundingRequest>;
  kyc: ShownPage<KycSubmission>;
  banks: BankAccount[];
  stats: AdminStats;
}

/** Run an admin action with its success and fallback-failure toasts, then reload; resolves true on success. */
export type Act = (action: () => Promise<unknown>, success: string, failure: string) => Promise<boolean>;

const FIRST_PAGE = { items: [], total: 0, offset: 0 };
const NO_COUNTS: AdminStats = { total_users: 0, pending_deposits: 0, pending_withdrawals: 0, pending_kyc: 0 };

// A list that failed to load keeps what it showed before.
const valueOr = <T>(result: PromiseSettledResult<T[]>, fallback: T[]): T[] =>
  result.status === 'fulfilled' && Array.isArray(result.value) ? result.value : fallback;
const pageOr = <T>(result: PromiseSettledResult<ListPage<T>>, offset: number, fallback: ShownPage<T>): ShownPage<T> =>
  result.status === 'fulfilled' && Array.isArray(result.value.items) ? { ...result.value, offset } : fallback;

export function useAdminData(): AdminData & { act: Act; turnPage: (list: PagedList, offset: number) => void } {
  const { enqueueSnackbar } = useSnackbar();
  const [data, setData] = useState<AdminData>({
    users: FIRST_PAGE,
    deposits: FIRST_PAGE,
    withdrawals: FIRST_PAGE,
    kyc: FIRST_PAGE,
    banks: [],
    stats: NO_COUNTS,
  });
  const offsets = useRef<Record<PagedList, number>>({ users: 0, deposits: 0, withdrawals: 0, kyc: 0 });
  // Only the latest load is shown: an earlier one answering late would bring back a page turned away from.
  const latestLoad = useRef(0);
  const reportedFailure = useRef(false);

  const load = useCallback(async () => {
    const ticket = ++latestLoad.current;
    const at = { ...offsets.current };
    const results = await Promise.allSettled([
      adminApi.users(at.users, PAGE_SIZE),
      adminApi.deposits(at.deposits, PAGE_SIZE),
      adminApi.withdrawals(at.withdrawals, PAGE_SIZE),
      adminApi.kyc(at.kyc, PAGE_SIZE),
      adminApi.bankAccounts(),
      adminApi.stats(),
    ] as const);
    if (ticket !== latestLoad.current) return;
    const [users, deposits, withdrawals, kyc, banks, stats] = results;
    setData((current) => ({
      users: pageOr(users, at.users, current.users),
      deposits: pageOr(deposits, at.deposits, current.deposits),
      withdrawals: pageOr(withdrawals, at.withdrawals, current.withdrawals),
      kyc: pageOr(kyc, at.kyc, current.kyc),
      banks: valueOr(banks, current.banks),
      // Counted by the server over whole lists; a failed load keeps the last counts.
      stats: stats.status === 'fulfilled' ? stats.value : current.stats,
    }));
    results.forEach((r) => r.status === 'rejected' && console.warn('admin: load failed', r.reason));
    // Only the lists' failures are reported, and only once.
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

  const turnPage = (list: PagedList, offset: number) => {
    offsets.current = { ...offsets.current, [list]: offset };
    void load();
  };

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

  return { ...data, act, turnPage };
}
