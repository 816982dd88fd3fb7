import { getAccountDataQueryOptions } from '../api/get-account-data.ts';
import { getMyLoansQueryOptions } from '../api/get-my-loans.ts';
import { getProfileQueryOptions } from '../api/get-profile.ts';
import { getSettingsQueryOptions } from '../api/get-settings.ts';
import { ACCOUNT_DATA, MY_LOANS, PROFILE, SETTINGS, type EarlyPath } from '../api/paths.ts';
import { queryClient } from './query-provider.tsx';

// The query behind each request a member page starts early (early.ts).
const QUERY_OF: Record<EarlyPath, () => Promise<void>> = {
  [PROFILE]: () => queryClient.prefetchQuery(getProfileQueryOptions()),
  [ACCOUNT_DATA]: () => queryClient.prefetchQuery(getAccountDataQueryOptions()),
  [MY_LOANS]: () => queryClient.prefetchQuery(getMyLoansQueryOptions()),
  [SETTINGS]: () => queryClient.prefetchQuery(getSettingsQueryOptions()),
};

/**
 * Puts the answers to a member page's early requests in the query cache, so that the page's
 * first render has them: it renders once, whole, rather than again with each answer. A failed
 * one is asked again by its page, as a query in error is when it mounts. `isLoaded` settles
 * when all have; `isSessionChecked` when the profile, which the session check waits for, has.
 */
export function loadMemberData(requests: readonly EarlyPath[]): {
  isSessionChecked: Promise<unknown>;
  isLoaded: Promise<unknown>;
} {
  const loads = new Map(requests.map((path) => [path, QUERY_OF[path]()]));
  return {
    isSessionChecked: Promise.allSettled([loads.get(PROFILE)]),
    isLoaded: Promise.allSettled(loads.values()),
  };
}
