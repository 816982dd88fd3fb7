import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Message, MessageList } from '@jamiya/contracts/messages';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';

export type { Message };
export type Thread = InfiniteData<MessageList, string | null>;

export const THREAD_KEY = ['messages', 'thread'] as const;
const PAGE_SIZE = 20;

/**
 * How often the page asks for new messages while it is visible (a hidden tab does not ask).
 * 10 s, not a live connection: a conversation with the committee is not real-time chat (an
 * answer comes in minutes or hours), and members read it on cheap phones over mobile data,
 * where a poll that finds nothing costs a few hundred bytes and no open socket drains the battery.
 */
export const POLL_INTERVAL_MS = 10_000;

/** The conversation, newest page first (each page newest first); older pages on demand. */
export const getThreadQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: THREAD_KEY,
    queryFn: ({ pageParam, signal }) =>
      api<MessageList>(withQuery('/api/messages', { cursor: pageParam, limit: PAGE_SIZE }), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useThread = () => useInfiniteQuery(getThreadQueryOptions());

/** Oldest first, as the page shows them. */
export const threadMessages = (thread: { pages: MessageList[] } | undefined): Message[] =>
  (thread?.pages.flatMap((p) => p.items) ?? []).reverse();

/** Adds messages (a poll's, or the one just sent) at the newest end, each once. */
export function addNewest(queryClient: QueryClient, fresh: Message[]): void {
  queryClient.setQueryData<Thread>(THREAD_KEY, (old) => {
    const [first, ...rest] = old?.pages ?? [];
    if (!old || !first) return old;
    const known = new Set(old.pages.flatMap((p) => p.items.map((m) => m.id)));
    const added = fresh.filter((m) => !known.has(m.id)).sort((a, b) => b.id - a.id);
    if (added.length === 0) return old;
    return { ...old, pages: [{ ...first, items: [...added, ...first.items] }, ...rest] };
  });
}

/** Asks only for what is newer than the newest message held (GET /api/messages?after=). */
async function pollNewMessages(queryClient: QueryClient, signal: AbortSignal): Promise<number> {
  const newest = queryClient.getQueryData<Thread>(THREAD_KEY)?.pages[0]?.items[0]?.id ?? 0;
  const fresh: Message[] = [];
  let after: string | null = String(newest);
  while (after !== null) {
    const page: MessageList = await api<MessageList>(
      withQuery('/api/messages', { after, limit: 100 }),
      { signal },
    );
    fresh.push(...page.items);
    after = page.next_cursor;
  }
  addNewest(queryClient, fresh);
  return fresh.length;
}

/** Polls for new messages once the thread is loaded; nothing is asked at once, only every 10 s. */
export function useNewMessages(isEnabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['messages', 'poll'],
    queryFn: ({ signal }) => pollNewMessages(queryClient, signal),
    enabled: isEnabled,
    refetchInterval: POLL_INTERVAL_MS,
    initialData: 0,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: POLL_INTERVAL_MS,
  });
}
