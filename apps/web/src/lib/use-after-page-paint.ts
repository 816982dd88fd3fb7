import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';

const LCP = 'largest-contentful-paint';
/** How long a part waits at most, should the browser report no paint of the page. */
export const MAX_WAIT_FOR_PAINT_MS = 500;

/**
 * False until the page this component is part of has been shown, then true: for a part that
 * may come a moment later (below the fold, a badge), so that its code and its requests start
 * once what the member opened the page for is on the screen rather than competing with it on
 * a slow network (docs/boot.md).
 *
 * - On the page a document was loaded for, before any input: once the browser reports the
 *   largest contentful paint after this component's first commit (as boot.ts waits for the
 *   first contentful paint; a frame callback fires before its frame reaches the screen).
 * - Otherwise (a page reached within the app, after a tap or a key, when the browser stops
 *   reporting those paints; a browser that reports none, as Safari): after the next frame.
 * - Either way at most MAX_WAIT_FOR_PAINT_MS after the commit (a hidden tab draws no frame; a
 *   page whose content is smaller than what was shown before reports no paint).
 *
 * The change renders in a transition: what comes after the paint is rendered in slices, so a
 * tap meanwhile is answered at once instead of after the whole of it.
 */
export function useAfterPagePaint(): boolean {
  const committedAt = useRef(0);
  const [hasPainted, setHasPainted] = useState(false);
  // Before the browser paints this commit: its paint is reported with a later time.
  useLayoutEffect(() => {
    if (!committedAt.current) committedAt.current = performance.now();
  }, []);
  useEffect(() => {
    if (hasPainted) return;
    const since = committedAt.current;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const done = () => startTransition(() => setHasPainted(true));
    const later = () => void timers.push(setTimeout(done));
    timers.push(setTimeout(done, Math.max(0, since + MAX_WAIT_FOR_PAINT_MS - performance.now())));
    let observer: PerformanceObserver | undefined;
    let frame = 0;
    if (isFirstViewOfDocument() && reportsPaints()) {
      observer = new PerformanceObserver((list, self) => {
        if (!list.getEntries().some((entry) => entry.startTime >= since)) return;
        self.disconnect();
        later();
      });
      observer.observe({ type: LCP, buffered: true });
    } else {
      frame = requestAnimationFrame(later);
    }
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame);
      timers.forEach(clearTimeout);
    };
  }, [hasPainted]);
  return hasPainted;
}

function reportsPaints(): boolean {
  return Boolean(globalThis.PerformanceObserver?.supportedEntryTypes?.includes(LCP));
}

/** The page the document was loaded for, with no tap or key yet (both end LCP reports). */
function isFirstViewOfDocument(): boolean {
  const entries = (type: string) => globalThis.performance?.getEntriesByType?.(type) ?? [];
  const [load] = entries('navigation');
  if (load && load.name !== window.location.href) return false;
  return entries('first-input').length === 0;
}
