import { useSyncExternalStore } from 'react';
import type * as ToastContainers from '../components/toast-containers.tsx';

// The toast containers, and with them the toast library and its stylesheet, are not part of
// what a page needs to show (docs/boot.md): they are loaded once the page has painted
// (app/app.tsx), when a modal opens (components/modal.tsx), or with the first toast
// (lib/messages.ts), whichever comes first. Not through React.lazy: a load that fails (a
// phone without signal) leaves the app as it is, with no container, and is tried again at the
// next of those moments. Apart from messages.ts so that the app's entry can use it without
// loading what messages.ts loads.

type Containers = typeof ToastContainers;

let containers: Containers | null = null;
let loading: Promise<Containers | null> | null = null;
const listeners = new Set<() => void>();

/** Loads the containers if they are not here; settles with them, or null if the load failed. */
export function loadToastContainers(): Promise<Containers | null> {
  if (containers) return Promise.resolve(containers);
  loading ??= import('../components/toast-containers.tsx').then(
    (module) => {
      containers = module;
      loading = null;
      for (const listener of listeners) listener();
      // React puts the containers on the screen within this task (an external store's change
      // renders at once): what waits for them runs after, so a toast finds its container
      // there rather than in the library's queue, which the first container to register
      // empties, whether the toast is for it or not.
      return new Promise<Containers>((resolve) => setTimeout(() => resolve(module)));
    },
    () => {
      loading = null; // tried again next time
      return null;
    },
  );
  return loading;
}

/** The containers once loaded, else null. */
export function useToastContainers(): Containers | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => containers,
    () => null,
  );
}
