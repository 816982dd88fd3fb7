import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a box scrolls sideways (what it holds is wider than it), and whether some of it lies
 * beyond its end edge still: the right one left to right, the left one right to left, where
 * Chromium and Firefox count scrollLeft from 0 down.
 */
export function useSidewaysScroll(ref: RefObject<HTMLElement | null>): {
  isScrollable: boolean;
  hasMoreAtEnd: boolean;
} {
  const [state, setState] = useState({ isScrollable: false, hasMoreAtEnd: false });
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      const isScrollable = box.scrollWidth > box.clientWidth + 1;
      const hasMoreAtEnd =
        isScrollable && Math.abs(box.scrollLeft) + box.clientWidth < box.scrollWidth - 1;
      setState((was) =>
        was.isScrollable === isScrollable && was.hasMoreAtEnd === hasMoreAtEnd
          ? was
          : { isScrollable, hasMoreAtEnd },
      );
    };
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', check);
    };
  }, [ref]);
  return state;
}
