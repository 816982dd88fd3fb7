import type { ReactNode } from 'react';

/**
 * A layout's first stop for the keyboard: straight to the page (its `#content`), hidden until
 * it has the focus.
 */
export function SkipLink({ children }: { children: ReactNode }) {
  return (
    <a
      href="#content"
      className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
    >
      {children}
    </a>
  );
}
