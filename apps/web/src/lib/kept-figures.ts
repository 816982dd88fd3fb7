import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/query-persist-client-core';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

// The signed-in member's last figures, kept on the phone (IndexedDB) so that the member pages
// open with them without a signal, marked with their time (features/layout's offline banner).
// Kept for one account only, the one whose id the session store holds: a sign-out or the end
// of the session forgets them, and another account's sign-in never reads them.

/** The answers a member reads offline: his own, never the treasurer's, never a file. */
const KEPT: readonly string[] = [
  'profile',
  'accountData',
  'myLoans',
  'myPayments',
  'settings',
  'myBonus',
  'myRecharges',
  'notifications',
];
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

let figures: UseStore | undefined;
const store = () => (figures ??= createStore('jamiya-kept', 'figures'));
const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key, store()),
    setItem: (key, value) => set(key, value, store()),
    removeItem: (key) => del(key, store()),
  },
});

const isKept = (key: QueryKey) => typeof key[0] === 'string' && KEPT.includes(key[0]);

let kept: { accountId: number; restored: Promise<void>; stop: () => void } | null = null;

function optionsFor(queryClient: QueryClient, accountId: number): PersistQueryClientOptions {
  return {
    queryClient,
    persister,
    buster: String(accountId),
    maxAge: MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: Query) =>
        query.state.status === 'success' && isKept(query.queryKey),
    },
  };
}

/**
 * Keeps the figures of `accountId` from now on, after putting back those kept on this phone for
 * the same account (older than what the app already has, they change nothing). The kept answers
 * stay in memory as long as they are kept on the phone, rather than the 5 minutes of the others.
 * Settles once they are back.
 */
export function keepFigures(queryClient: QueryClient, accountId: number): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  if (kept?.accountId === accountId) return kept.restored;
  kept?.stop();
  for (const key of KEPT) queryClient.setQueryDefaults([key], { gcTime: MAX_AGE_MS });
  const options = optionsFor(queryClient, accountId);
  const keeping: NonNullable<typeof kept> = {
    accountId,
    stop: () => undefined,
    restored: persistQueryClientRestore(options)
      .catch(() => undefined)
      .then(() => {
        if (kept !== keeping) return;
        keeping.stop = persistQueryClientSubscribe(options);
        // What was put back is from before this page: shown at once, and asked for again
        // (what this page has fetched itself is not).
        void queryClient.invalidateQueries({
          predicate: (query) =>
            isKept(query.queryKey) && query.state.dataUpdatedAt < performance.timeOrigin,
        });
      }),
  };
  kept = keeping;
  return keeping.restored;
}

/** Forgets the kept figures (a sign-out, an ended session, another account). */
export async function forgetFigures(): Promise<void> {
  kept?.stop();
  kept = null;
  if (typeof indexedDB !== 'undefined')
    await Promise.resolve(persister.removeClient()).catch(() => undefined);
}
