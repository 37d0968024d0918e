/**
 * The signed-in trader's holdings as the server values them (GET /api/account/assets), kept live:
 * read again shortly after anything that moves a balance reaches the socket (a balance, a fill, an
 * order, a funding decision), and every few seconds for the prices.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { userApi } from './api/endpoints';
import type { AssetValue, Portfolio } from './api/types';
import { useRealtime } from './realtime/useRealtime';

/** Prices move without a push to the trader's room: the values are read again this often. */
const PRICES_MS = 10_000;
/** Pushes come in bursts (a fill, its order, the balance): one read after the last of them. */
const SETTLE_MS = 250;

export function usePortfolio(enabled = true): { portfolio: Portfolio | null; failed: boolean } {
  const [portfolio, setPortfolio] = useState<Portfolio | null>(null);
  const [failed, setFailed] = useState(false);
  // Only the latest read is shown: an earlier one answering late would bring back older balances.
  const latest = useRef(0);
  const settle = useRef<number | undefined>(undefined);

  const load = useCallback(() => {
    const ticket = ++latest.current;
    userApi
      .portfolio()
      .then((read) => {
        if (ticket !== latest.current) return;
        setPortfolio(read);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.warn('portfolio: not read', error);
        if (ticket === latest.current) setFailed(true);
      });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    load();
    const timer = window.setInterval(load, PRICES_MS);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(settle.current);
    };
  }, [enabled, load]);

  const soon = () => {
    if (!enabled) return;
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(load, SETTLE_MS);
  };
  useRealtime([], { balance: soon, fill: soon, order: soon, funding: soon });

  return { portfolio, failed };
}

/** One asset's row of a portfolio (the dollars: 'USD'). */
export const holdingOf = (portfolio: Portfolio | null, asset: string): AssetValue | undefined =>
  portfolio?.assets.find((row) => row.asset === asset);
