/**
 * Where the window scrolls after a navigation (docs/rules.md C10): to a hash target, smoothly, leaving room
 * for the 72 px header plus 10; otherwise to the position saved for a back/forward entry, or to the top.
 */
import { HASH_SCROLL_OFFSET_PX } from '@readalong/contracts';

export interface ScrollPlan {
  top: number;
  behavior: ScrollBehavior;
}

/** The window position that puts a hash target just below the fixed header. */
export function hashScrollTop(
  targetTopInViewport: number,
  currentScrollY: number,
  offset: number = HASH_SCROLL_OFFSET_PX,
): number {
  return Math.max(0, Math.round(targetTopInViewport + currentScrollY - offset));
}

export interface ScrollSituation {
  /** The target's distance from the viewport top, when the address has a hash and the element exists. */
  hashTargetTop: number | undefined;
  currentScrollY: number;
  /** The position saved when the user left this history entry; only back/forward finds one. */
  savedTop: number | undefined;
}

/** The hash wins, as in the original product; then the saved position; then the top. */
export function planScroll({ hashTargetTop, currentScrollY, savedTop }: ScrollSituation): ScrollPlan {
  if (hashTargetTop !== undefined) {
    return { top: hashScrollTop(hashTargetTop, currentScrollY), behavior: 'smooth' };
  }
  return { top: savedTop ?? 0, behavior: 'instant' };
}

/** The element a hash names (`#section-2` → id `section-2`), if it is in the page. */
export function findHashTarget(hash: string): HTMLElement | null {
  if (hash.length <= 1) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // A malformed escape (`#%E0`) names nothing.
    return null;
  }
}
