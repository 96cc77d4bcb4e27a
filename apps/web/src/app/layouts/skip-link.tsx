import type { MouseEvent } from 'react';

/** The id every layout gives its <main>. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * WCAG 2.4.1: the first thing a keyboard reaches, it jumps past the header and menu. It moves focus itself, because
 * following `#main-content` through the router would count as a navigation (and run the guard again).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}
