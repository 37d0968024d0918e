/**
 * A market's order book for the trade screen, exact and live: a depth snapshot, then the market
 * room's depth updates applied to it (LocalBook). A gap in the updates, a reconnection, or a
 * snapshot without an update id (the public feed's) fetches a fresh snapshot, at most one a second;
 * while the socket is down, the snapshot is fetched every few seconds instead.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { marketApi } from '../../api/market';
import { usePolling, useRealtime } from '../../realtime/useRealtime';
import { LocalBook, type BookSides } from './local-book';

/** Levels a snapshot brings a side: the most the depth endpoint answers, well past what is shown. */
const SNAPSHOT_LEVELS = 100;
const MIN_SNAPSHOT_INTERVAL_MS = 1000;
const POLL_MS = 3000;

export type LiveBook = BookSides & { updateId: number | null };

export function useLiveBook(symbol: string, rows: number): LiveBook {
  const [shown, setShown] = useState<LiveBook>({ bids: [], asks: [], updateId: null });
  const book = useRef(new LocalBook());
  const fetching = useRef({ inFlight: false, again: false, lastAt: 0 });

  const show = useCallback(() => setShown({ ...book.current.top(rows), updateId: book.current.updateId }), [rows]);

  const fetchSnapshot = useCallback(() => {
    const state = fetching.current;
    if (state.inFlight) {
      state.again = true;
      return;
    }
    state.inFlight = true;
    const target = book.current;
    const wait = Math.max(0, state.lastAt + MIN_SNAPSHOT_INTERVAL_MS - Date.now());
    window.setTimeout(() => {
      state.lastAt = Date.now();
      marketApi
        .depth(symbol, SNAPSHOT_LEVELS)
        .then((snapshot) => {
          // The pair changed meanwhile: this snapshot is of another book.
          if (book.current !== target) return;
          if (!target.reset(snapshot)) state.again = true;
          show();
        })
        .catch((error: unknown) => console.warn('order book: depth unavailable', error))
        .finally(() => {
          state.inFlight = false;
          if (state.again && book.current === target) {
            state.again = false;
            fetchSnapshot();
          }
        });
    }, wait);
  }, [symbol, show]);

  useEffect(() => {
    book.current = new LocalBook();
    fetching.current = { inFlight: false, again: false, lastAt: 0 };
    setShown({ bids: [], asks: [], updateId: null });
    fetchSnapshot();
  }, [fetchSnapshot]);

  const connected = useRealtime([symbol], {
    depth: (update) => {
      if (update.symbol !== symbol) return;
      if (!book.current.update(update)) fetchSnapshot();
      // Still waiting for a snapshot with an id: the one shown, if any, was the public feed's.
      else if (book.current.updateId === null) {
        if (!fetching.current.inFlight) fetchSnapshot();
      } else show();
    },
  });

  // Back from a disconnection: the updates missed meanwhile are gone, start from a snapshot.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) fetchSnapshot();
    wasConnected.current = connected;
  }, [connected, fetchSnapshot]);
  usePolling(fetchSnapshot, POLL_MS, !connected);

  return shown;
}
