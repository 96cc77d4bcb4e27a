import type { BarChartProps } from '@mantine/charts';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';

const BarChart = lazy(async () => ({ default: (await import('@mantine/charts')).BarChart }));

/** True once the box has come onto the screen (at once where the browser cannot tell). */
function useSeen(box: RefObject<HTMLElement | null>) {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, seen]);
  return seen;
}

/**
 * A bar chart whose drawing code (recharts, the largest part of a page of charts) loads when the chart first comes
 * onto the screen, so a page that opens on its figures stays within its first-screen budget (docs/rules.md B2); the
 * chart's numbers are beside it as text from the start. The box keeps the chart's height, so nothing jumps.
 */
export function VisibleBarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box);
  return (
    <div ref={box} style={{ minHeight: typeof props.h === 'number' ? props.h : undefined }}>
      {seen && (
        <Suspense fallback={null}>
          <BarChart {...props} />
        </Suspense>
      )}
    </div>
  );
}
