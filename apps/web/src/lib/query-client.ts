import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { setIsWaitingForNetwork } from './network-waits.ts';
import { getToken } from './session-store.ts';

/** The spec's data policy: 3 retries, backoff from 1 s doubling to 30 s, unused data kept 5 minutes. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export function createQueryClient(): QueryClient {
  // TanStack Query takes the network as there until the browser says it went: a page opened in
  // airplane mode waits for it instead of failing each call (the figures kept on the phone show).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; only network failures and 5xx are retried.
        retry: (failureCount, error) =>
          failureCount < 3 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay,
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        // Every query of the app is a session's (the public pages fetch without the library):
        // none goes out without one, as from a page still on screen as its sign-out ends. (The
        // build draws pages with no storage, and fetches nothing.)
        enabled: () => typeof localStorage === 'undefined' || getToken() !== null,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Tells the app's spinners when what they wait for cannot come (lib/network-waits.ts): the
 * phone is offline and a query on the screen has no answer, not even one kept on the phone. A
 * query pauses rather than fail without a network, so its page would spin until the network
 * comes back; it says so instead. Answers a function that stops telling.
 */
export function tellNetworkWaits(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  const update = () =>
    setIsWaitingForNetwork(
      !onlineManager.isOnline() &&
        cache
          .getAll()
          .some(
            (query) =>
              query.state.data === undefined &&
              query.state.fetchStatus === 'paused' &&
              query.getObserversCount() > 0,
          ),
    );
  const stops = [cache.subscribe(update), onlineManager.subscribe(update)];
  update();
  return () => {
    for (const stop of stops) stop();
    setIsWaitingForNetwork(false);
  };
}
