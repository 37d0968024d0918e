/**
 * Keeps toasts below the screen's header, whose buttons (Logout, Wallet, the profile menu) they
 * would otherwise cover for seconds: the header's bottom edge is written to the CSS variable
 * --header-bottom, which the toasts' container starts below (theme.css). Each screen has its own
 * header, of its own height (taller on a phone, where it wraps), so it is measured, not assumed.
 */
import { useEffect } from 'react';

export function useToastsBelowHeader(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    let header: HTMLElement | null = null;
    const place = () => {
      const bottom = header ? header.offsetTop + header.offsetHeight : 0;
      document.documentElement.style.setProperty('--header-bottom', `${bottom}px`);
    };
    const resized = new ResizeObserver(place);
    // A new screen is a new child of the root (a lazy screen replaces its loading placeholder).
    const follow = () => {
      const current = root.querySelector('header');
      if (current !== header) {
        resized.disconnect();
        header = current;
        if (header) resized.observe(header);
      }
      place();
    };
    const screens = new MutationObserver(follow);
    screens.observe(root, { childList: true });
    follow();
    return () => {
      screens.disconnect();
      resized.disconnect();
    };
  }, []);
}
