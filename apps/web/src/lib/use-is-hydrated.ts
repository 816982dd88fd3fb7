import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a page the build drew ahead of time (its server snapshot, which
 * the build rendered with), true from the render after; always true for a page rendered in
 * the browser.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
