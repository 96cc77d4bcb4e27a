import { useEffect, useRef } from 'react';

/**
 * X2: when what a page shows changes without a route change (a quiz's result replacing its questions), focus moves
 * to the first heading of the new part, so the keyboard and the screen reader are not left on <body>.
 */
export function useFocusOnShow<Element extends HTMLElement>(shown: unknown) {
  const container = useRef<Element>(null);
  useEffect(() => {
    if (!shown) return;
    const heading = container.current?.querySelector<HTMLElement>('h1, h2, h3');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [shown]);
  return container;
}
