// The conversation's data, shared by the member's Contact/Chat (features/chat) and the
// admin's Messages (features/admin-messages): both keep a thread as an infinite query whose
// pages are newest first, and poll for what is newer than the newest message held.
import {
  infiniteQueryOptions,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Message, MessageList } from '@jamiya/contracts/messages';
import { api } from '../../lib/api-client.ts';
import { withQuery } from '../../lib/list-query.ts';
import { usePageVisible } from './use-page-visible.ts';

type Thread = InfiniteData<MessageList, string | null>;

/**
 * How often a page asks for new messages while it is visible (a hidden tab does not ask).
 * 10 s, not a live connection: a conversation with the committee is not real-time chat (an
 * answer comes in minutes or hours), and members read it on cheap phones over mobile data,
 * where a poll that finds nothing costs a few hundred bytes and no open socket drains the battery.
 */
export const POLL_INTERVAL_MS = 10_000;

/**
 * The thread at `path`, kept under `key`: the newest page first (each page newest first, 20
 * messages), older pages on demand.
 */
export const threadQueryOptions = <T extends MessageList>(key: QueryKey, path: string) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      api<T>(withQuery(path, { cursor: pageParam, limit: 20 }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** Oldest first, as the pages show them. */
export const threadMessages = (thread: { pages: MessageList[] } | undefined): Message[] =>
  (thread?.pages.flatMap((p) => p.items) ?? []).reverse();

/** Adds messages (a poll's, or the one just sent) at the newest end of a thread, each once. */
export function addNewest(queryClient: QueryClient, key: QueryKey, fresh: Message[]): void {
  queryClient.setQueryData<Thread>(key, (old) => {
    const [first, ...rest] = old?.pages ?? [];
    if (!old || !first) return old;
    const known = new Set(old.pages.flatMap((p) => p.items.map((m) => m.id)));
    const added = fresh.filter((m) => !known.has(m.id)).sort((a, b) => b.id - a.id);
    if (added.length === 0) return old;
    return { ...old, pages: [{ ...first, items: [...added, ...first.items] }, ...rest] };
  });
}

/** Asks `path` only for what is newer than the newest message held (`?after=`). */
async function pollNewer(
  queryClient: QueryClient,
  key: QueryKey,
  path: string,
  signal: AbortSignal,
): Promise<number> {
  const newest = queryClient.getQueryData<Thread>(key)?.pages[0]?.items[0]?.id ?? 0;
  const fresh: Message[] = [];
  let after: string | null = String(newest);
  while (after !== null) {
    const page: MessageList = await api<MessageList>(withQuery(path, { after, limit: 100 }), {
      signal,
    });
    fresh.push(...page.items);
    after = page.next_cursor;
  }
  addNewest(queryClient, key, fresh);
  return fresh.length;
}

/** Polls `path` for new messages of the thread under `key` once it is loaded, every 10 s. */
export function usePollNewMessages(key: QueryKey, path: string, isEnabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...key, 'poll'],
    queryFn: ({ signal }) => pollNewer(queryClient, key, path, signal),
    enabled: isEnabled,
    refetchInterval: POLL_INTERVAL_MS,
    initialData: 0,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: POLL_INTERVAL_MS,
  });
}

/** Marks the other side's messages read once they are on a visible page, each batch once. */
export function useMarkReadOnView(
  messages: Message[],
  fromOtherSide: (m: Message) => boolean,
  markRead: () => void,
) {
  const isVisible = usePageVisible();
  const markedUpTo = useRef(0);
  const newestUnread = messages.reduce(
    (max, m) => (fromOtherSide(m) && !m.read && m.id > max ? m.id : max),
    0,
  );
  useEffect(() => {
    if (!isVisible || newestUnread <= markedUpTo.current) return;
    markedUpTo.current = newestUnread;
    markRead();
  }, [isVisible, newestUnread, markRead]);
}
