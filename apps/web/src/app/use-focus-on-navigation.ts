/**
 * X2: after every route change the keyboard and the screen reader start at the new page's h1, not at <body> (where
 * a removed link leaves them) or at the link still focused in the menu. The first page of a visit is left to the
 * browser, so the skip link stays the first thing a Tab reaches.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A page whose h1 waits for its data (the landing page's greeting) gets about two seconds to show it; a heading
 * replaced as the page settles (its data arriving) is focused again in that time, unless the user moved on.
 */
const WAIT_FRAMES = 120;

/** Moves focus to the page's main heading after each change of address (not of query or hash). Use once. */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const isFirstPage = shownPath.current === null;
    const isSamePage = shownPath.current === pathname;
    shownPath.current = pathname;
    if (isFirstPage || isSamePage) return;
    let frame = 0;
    let request = 0;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
      const isLost = document.activeElement === null || document.activeElement === document.body;
      if (heading && (frame === 0 || isLost) && document.activeElement !== heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        // The scroll after a navigation (use-app-scroll) decides where the page shows.
        heading.focus({ preventScroll: true });
      }
      if (frame++ < WAIT_FRAMES) request = requestAnimationFrame(focusHeading);
    };
    focusHeading();
    return () => cancelAnimationFrame(request);
  }, [pathname]);
}
