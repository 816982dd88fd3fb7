import { useSyncExternalStore } from 'react';

// Whether the page waits for figures it cannot have: the phone is offline and a query on the
// screen has nothing kept to show (lib/query-client.ts tells). Here, apart from the query
// library, because the spinner that reads it comes with the first load (components/states.tsx).

let isWaiting = false;
const listeners = new Set<() => void>();

export function setIsWaitingForNetwork(value: boolean): void {
  if (value === isWaiting) return;
  isWaiting = value;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** True while the phone is offline and a query on the screen waits for the network with no figures kept. */
export function useIsWaitingForNetwork(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isWaiting,
    () => false,
  );
}
