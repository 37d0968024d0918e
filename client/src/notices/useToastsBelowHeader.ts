/**
 * Keeps toasts below the screen's header, whose buttons (Logout, Wallet, the profile menu) they
 * would otherwise cover for seconds, and below anything else a screen marks with data-toasts-below
 * (the trade screen's Buy / Sell switch, in the toasts' top right corner): where the header ends on screen is written to the CSS variable
 * --header-bottom, which the toasts' container at the top starts below (theme.css). The header's
 * height differs by screen (the trade screen's is lower) and it can scroll away, so it is measured,
 * not assumed.
 */
import { useEffect } from 'react';

export function useToastsBelowHeader(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    let header: HTMLElement | null = null;
    let shown = -1;
    // Where the header, and what a screen keeps clear besides (data-toasts-below), end on screen:
    // scrolled away, they leave the top to the toasts.
    const place = () => {
      const kept = [header, ...document.querySelectorAll<HTMLElement>('[data-toasts-below]')];
      const bottom = Math.max(0, ...kept.map((element) => Math.round(element?.getBoundingClientRect().bottom ?? 0)));
      if (bottom === shown) return;
      shown = bottom;
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
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      screens.disconnect();
      resized.disconnect();
      window.removeEventListener('scroll', place);
    };
  }, []);
}
