/**
 * Toasts for what happened elsewhere while the trader looks at any screen: orders filled (by
 * someone else's order, or a bot's), deposits, withdrawals and KYC decided by an administrator, the
 * account suspended. The figures on screen move by themselves; these say why.
 */
import { useEffect, useRef } from 'react';
import { useSnackbar } from 'notistack';
import type { Order } from '../api/types';
import { useRealtime } from '../realtime/useRealtime';
import { FillTracker, fillNotice } from './order-fills';

/** Fills arriving closer together than this share a notice: a busy bot's fills do not flood the screen. */
const FILL_NOTICE_INTERVAL_MS = 1000;

const DECIDED: Record<string, string> = { deposit: 'Deposit', withdrawal: 'Withdrawal', kyc: 'KYC' };
/** The server's word for a suspended account, as a login attempt is answered. */
const ACCOUNT_SUSPENDED = 'Account suspended';

export default function LiveNotices() {
  const { enqueueSnackbar } = useSnackbar();
  const tracker = useRef(new FillTracker());
  const pendingFills = useRef<Order[]>([]);
  const timer = useRef<number | null>(null);
  const lastShown = useRef(0);

  useEffect(() => () => window.clearTimeout(timer.current ?? undefined), []);

  const showFills = () => {
    timer.current = null;
    lastShown.current = Date.now();
    const orders = pendingFills.current.splice(0);
    if (orders.length > 0) enqueueSnackbar(fillNotice(orders), { variant: 'success' });
  };

  useRealtime([], {
    // A batch's order updates arrive one after another in one task: the notice waits for the task to
    // end, so a market order's many fills are one notice.
    order: (order) => {
      if (!tracker.current.isNewFill(order)) return;
      pendingFills.current.push(order);
      if (timer.current !== null) return;
      const wait = Math.max(0, lastShown.current + FILL_NOTICE_INTERVAL_MS - Date.now());
      timer.current = window.setTimeout(showFills, wait);
    },
    funding: ({ kind, status }) => {
      if (status !== 'approved' && status !== 'rejected') return;
      enqueueSnackbar(`${DECIDED[kind] ?? kind} ${status}`, { variant: status === 'approved' ? 'success' : 'error' });
    },
    suspended: () => enqueueSnackbar(ACCOUNT_SUSPENDED, { variant: 'error' }),
  });
  return null;
}
