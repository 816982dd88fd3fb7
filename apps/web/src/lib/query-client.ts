import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

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
      },
      mutations: { retry: false },
    },
  });
}
