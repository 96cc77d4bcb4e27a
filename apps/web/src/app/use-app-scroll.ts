/**
 * Applies the scrolling of docs/rules.md C10 after every navigation (see scroll.ts) in place of the browser's own restoration,
 * which knows neither the fixed header nor pages that render after their data arrives.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { findHashTarget, planScroll } from './scroll';

/** Where the user left each history entry, by location key. */
const savedPositions = new Map<string, number>();
/** A hash target may render a little after the page (its data loads first); look for it for about a second. */
const HASH_TARGET_WAIT_FRAMES = 60;

/** Scrolls to the hash target, the saved position or the top after each navigation. Use once, at the root. */
export function useAppScroll(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const save = () => savedPositions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);

  const isFirstPage = useRef(true);
  useLayoutEffect(() => {
    const isFirst = isFirstPage.current;
    isFirstPage.current = false;
    // The visit's first page opened at the top (or where the visitor scrolled a screen the build rendered, B9):
    // nothing to do without a hash, and reading the position would make the browser lay out the whole new page
    // inside React's commit, one long task (docs/rules.md B11).
    if (isFirst && hash.length <= 1) return undefined;
    // Only back/forward returns to an entry the user has seen; a new visit starts at the top.
    const savedTop = navigationType === NavigationType.Pop ? savedPositions.get(key) : undefined;
    return scrollAfterNavigation(hash, savedTop);
  }, [key, hash, navigationType]);
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Without a hash: to the saved position or the top, now. With one: to its target once it is there (it may render
 * after its data). Returns a function that stops waiting.
 */
function scrollAfterNavigation(hash: string, savedTop: number | undefined): () => void {
  let frame = 0;
  let request = 0;
  const scrollTo = (target: HTMLElement | null) => {
    const plan = planScroll({
      hashTargetTop: target?.getBoundingClientRect().top,
      currentScrollY: window.scrollY,
      savedTop,
    });
    // Already there (a fresh page at the top): nothing to do.
    if (plan.top === window.scrollY) return;
    // Someone who asked the system for less motion gets the jump without the glide.
    const behavior = prefersReducedMotion() ? 'instant' : plan.behavior;
    window.scrollTo({ top: plan.top, behavior });
  };
  const waitForTarget = () => {
    const target = findHashTarget(hash);
    if (target) scrollTo(target);
    else if (frame++ < HASH_TARGET_WAIT_FRAMES) request = requestAnimationFrame(waitForTarget);
    // No such target after all: as without a hash.
    else scrollTo(null);
  };

  if (hash.length <= 1) {
    scrollTo(null);
    return () => undefined;
  }
  // A frame later: a plain `<a href="#…">` also makes the browser jump to the target itself, and that jump
  // (to the very top, under the header) must come before ours, not after.
  request = requestAnimationFrame(waitForTarget);
  return () => cancelAnimationFrame(request);
}
