import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width in px of the element the returned ref is put on, kept up to date as it changes (a phone turned, a side
 * menu folded). Measured before the first paint, so a chart is drawn once at its real width; `fallback` is used
 * where there is no layout (jsdom in tests) or before the element is there.
 */
export function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    // Only the width matters: the chart sets its own height, and reacting to it would loop.
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width > 0 ? width : fallback] as const;
}
