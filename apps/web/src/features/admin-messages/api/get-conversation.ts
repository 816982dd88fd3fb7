import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { AdminThread, Message, MessageList } from '@jamiya/contracts/messages';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';

export type { AdminThread, Message };
export type Thread = InfiniteData<AdminThread, string | null>;

export const threadKey = (memberId: number) => ['admin', 'messages', 'thread', memberId] as const;

/** The same pace as the member's page (features/chat): neither side is a live chat. */
export const POLL_INTERVAL_MS = 10_000;

const path = (memberId: number) => `/api/admin/messages/${memberId}`;

export const getConversationQueryOptions = (memberId: number) =>
  infiniteQueryOptions({
    queryKey: threadKey(memberId),
    queryFn: ({ pageParam, signal }) =>
      api<AdminThread>(withQuery(path(memberId), { cursor: pageParam, limit: 20 }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useConversation = (memberId: number) =>
  useInfiniteQuery(getConversationQueryOptions(memberId));

/** Oldest first, as the page shows them. */
export const threadMessages = (thread: { pages: MessageList[] } | undefined): Message[] =>
  (thread?.pages.flatMap((p) => p.items) ?? []).reverse();

/** Adds messages (a poll's, or the answer just sent) at the newest end, each once. */
export function addNewest(queryClient: QueryClient, memberId: number, fresh: Message[]): void {
  queryClient.setQueryData<Thread>(threadKey(memberId), (old) => {
    const [first, ...rest] = old?.pages ?? [];
    if (!old || !first) return old;
    const known = new Set(old.pages.flatMap((p) => p.items.map((m) => m.id)));
    const added = fresh.filter((m) => !known.has(m.id)).sort((a, b) => b.id - a.id);
    if (added.length === 0) return old;
    return { ...old, pages: [{ ...first, items: [...added, ...first.items] }, ...rest] };
  });
}

async function pollNewMessages(queryClient: QueryClient, memberId: number, signal: AbortSignal) {
  const newest = queryClient.getQueryData<Thread>(threadKey(memberId))?.pages[0]?.items[0]?.id ?? 0;
  const fresh: Message[] = [];
  let after: string | null = String(newest);
  while (after !== null) {
    const page: AdminThread = await api<AdminThread>(
      withQuery(path(memberId), { after, limit: 100 }),
      { signal },
    );
    fresh.push(...page.items);
    after = page.next_cursor;
  }
  addNewest(queryClient, memberId, fresh);
  return fresh.length;
}

/** Polls for the member's new messages once the thread is loaded, every 10 s. */
export function useNewMessages(memberId: number, isEnabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...threadKey(memberId), 'poll'],
    queryFn: ({ signal }) => pollNewMessages(queryClient, memberId, signal),
    enabled: isEnabled,
    refetchInterval: POLL_INTERVAL_MS,
    initialData: 0,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: POLL_INTERVAL_MS,
  });
}
