/** Whether a CSS media query matches, kept up to date as the window changes (a phone turned, a window resized). */
import { useCallback, useSyncExternalStore } from 'react';

/** Phones: below this width the screens stack into one column and the trade screen switches to tabs. */
export const PHONE_QUERY = '(max-width: 760px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
