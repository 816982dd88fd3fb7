import { useSyncExternalStore } from 'react';

// Whether the page's toast container is wanted: from the first toast on (lib/messages.ts), for
// good, so a toast shown just before a navigation is not lost. Apart from messages.ts so that
// the app's entry (app.tsx) can read it without loading what messages.ts loads.

let isWanted = false;
const listeners = new Set<() => void>();

export function wantPageToasts(): void {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

export function usePageToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => isWanted,
    () => false,
  );
}
