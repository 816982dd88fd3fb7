import { useEffect, useState } from 'react';

const LCP = 'largest-contentful-paint';
/** How long a part waits at most, should the browser report no paint of the page. */
export const MAX_WAIT_FOR_PAINT_MS = 500;

/**
 * False until the browser reports that it has shown the page this component is part of, then
 * true: for a part that may come a moment later (below the fold, a badge), so that its code
 * and its requests start once what the member opened the page for is on the screen rather
 * than competing with it on a slow network (docs/performance.md, Lighthouse). The report is
 * the largest contentful paint, as boot.ts waits for the first one: a frame callback fires
 * before its frame reaches the screen, often one or two frames before. At most
 * MAX_WAIT_FOR_PAINT_MS after the first render (no report: a browser without it, a page whose
 * content is smaller than what was shown before, a hidden tab).
 */
export function useAfterPagePaint(): boolean {
  const [renderedAt] = useState(() => performance.now());
  const [hasPainted, setHasPainted] = useState(false);
  useEffect(() => {
    if (hasPainted) return;
    const done = () => setHasPainted(true);
    const timer = setTimeout(
      done,
      Math.max(0, renderedAt + MAX_WAIT_FOR_PAINT_MS - performance.now()),
    );
    let observer: PerformanceObserver | undefined;
    if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes(LCP)) {
      observer = new PerformanceObserver((list, self) => {
        if (!list.getEntries().some((entry) => entry.startTime >= renderedAt)) return;
        self.disconnect();
        clearTimeout(timer);
        setTimeout(done);
      });
      observer.observe({ type: LCP, buffered: true });
    }
    return () => {
      observer?.disconnect();
      clearTimeout(timer);
    };
  }, [hasPainted, renderedAt]);
  return hasPainted;
}
