import {
  hydrate,
  matchQuery,
  type Query,
  type QueryClient,
  type QueryFilters,
} from '@tanstack/react-query';
import {
  experimental_createQueryPersister,
  type PersistedQuery,
} from '@tanstack/query-persist-client-core';
import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';

// The signed-in member's last figures, kept on the phone (IndexedDB) so that the member pages
// open with them without a signal, marked with their time (features/layout's offline banner).
// Each answer is kept on its own (TanStack's per-query persister), written when it comes: a page
// that fetches only its own answers leaves the others' as they were
// (docs/decisions/039-every-member-page-offline.md). Kept for one account only, the one whose
// id the session store holds: a sign-out or the end of the session forgets them, and another
// account's sign-in never reads them.

/** The answers a member reads offline: his own, never the treasurer's, never a file. */
const KEPT: readonly QueryFilters[] = [
  { queryKey: ['profile'] },
  { queryKey: ['accountData'] },
  { queryKey: ['myLoans'] },
  { queryKey: ['myPayments'] },
  { queryKey: ['settings'] },
  { queryKey: ['myBonus'] },
  { queryKey: ['myRecharges'] },
  { queryKey: ['notifications'] },
  { queryKey: ['statement'] },
  { queryKey: ['guarantees'] },
  // The conversation, not its poll's count.
  { queryKey: ['messages', 'thread'], exact: true },
];
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Before each answer's key in the store; anything else there is an older version's, dropped. */
const PREFIX = 'figures';

let figures: UseStore | undefined;
const store = () => (figures ??= createStore('jamiya-kept', 'figures'));
const storage = {
  getItem: (key: string) => get<string>(key, store()),
  setItem: (key: string, value: string) => set(key, value, store()),
  removeItem: (key: string) => del(key, store()),
  entries: () => entries<string, string>(store()),
};

const isKept = (query: Query) => KEPT.some((filters) => matchQuery(filters, query));

let kept: { accountId: number; restored: Promise<void>; stop: () => void } | null = null;

/**
 * Keeps the figures of `accountId` from now on, after putting back those kept on this phone for
 * the same account (older than what the app already has, they change nothing). The kept answers
 * stay in memory for the page's life, rather than the 5 minutes of the others, so that a page
 * opened offline later still finds them. Settles once they are back.
 */
export function keepFigures(queryClient: QueryClient, accountId: number): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  if (kept?.accountId === accountId) return kept.restored;
  kept?.stop();
  // Infinity, not the 30 days they are kept on the phone: a longer timeout than 2^31 - 1 ms
  // (24.8 days) fires at once, which dropped every answer put back and not yet on the screen.
  for (const { queryKey } of KEPT) queryClient.setQueryDefaults(queryKey!, { gcTime: Infinity });
  const persister = experimental_createQueryPersister({
    storage,
    buster: String(accountId),
    maxAge: MAX_AGE_MS,
    prefix: PREFIX,
  });
  // What this page wrote: read back with the kept ones, it is not theirs to ask for again.
  const writtenHere = new Set<string>();
  const write = (query: Query) => {
    writtenHere.add(query.queryHash);
    void persister.persistQuery(query).catch(() => undefined);
  };
  // Every answer as it comes (a fetch, or the app's own update of it, as a notification read).
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isKept(event.query))
      write(event.query);
  });
  const keeping: NonNullable<typeof kept> = {
    accountId,
    stop,
    restored: restore(queryClient, persister)
      .catch(() => new Map<string, number>())
      .then((restoredAt) => {
        if (kept !== keeping) return;
        const cache = queryClient.getQueryCache();
        const answered = (query: Query) => isKept(query) && query.state.status === 'success';
        for (const query of cache.findAll({ predicate: answered })) {
          // Written as it came: this page's own, neither old nor to be written again.
          if (writtenHere.has(query.queryHash)) continue;
          // What was put back is from before this page: shown at once, and asked for again,
          // unless the page is asking already (asked again, its request would go twice).
          // What this page fetched before it began keeping is kept now.
          if (restoredAt.get(query.queryHash) !== query.state.dataUpdatedAt) write(query);
          else if (query.state.fetchStatus !== 'fetching')
            void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
        }
      }),
  };
  kept = keeping;
  return keeping.restored;
}

/**
 * Puts back every answer kept for this account (TanStack's `hydrate`: one the app already has a
 * newer answer for stays as it is). Answers when each was fetched, by query.
 */
async function restore(
  queryClient: QueryClient,
  persister: ReturnType<typeof experimental_createQueryPersister>,
): Promise<Map<string, number>> {
  // Another account's, expired or unreadable answers go.
  await persister.persisterGc();
  const queries: PersistedQuery[] = [];
  for (const [key, value] of await storage.entries()) {
    if (String(key).startsWith(`${PREFIX}-`)) queries.push(JSON.parse(value) as PersistedQuery);
    else await storage.removeItem(String(key));
  }
  hydrate(queryClient, {
    mutations: [],
    queries: queries.map(({ queryKey, queryHash, state }) => ({
      queryKey,
      queryHash,
      state,
      dehydratedAt: state.dataUpdatedAt,
    })),
  });
  return new Map(queries.map((q) => [q.queryHash, q.state.dataUpdatedAt]));
}

/** Forgets the kept figures (a sign-out, an ended session, another account). */
export async function forgetFigures(): Promise<void> {
  kept?.stop();
  kept = null;
  if (typeof indexedDB !== 'undefined') await clear(store()).catch(() => undefined);
}
