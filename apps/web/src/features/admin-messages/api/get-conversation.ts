import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { AdminThread, Message } from '@jamiya/contracts/messages';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import {
  addNewest as addNewestTo,
  threadMessages,
  usePollNewMessages,
} from '../../../components/chat/thread-data.ts';

export type { AdminThread, Message };
export type Thread = InfiniteData<AdminThread, string | null>;

export const threadKey = (memberId: number) => ['admin', 'messages', 'thread', memberId] as const;

export { threadMessages };

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

/** Adds messages (the answer just sent) at the newest end, each once. */
export const addNewest = (queryClient: QueryClient, memberId: number, fresh: Message[]) =>
  addNewestTo(queryClient, threadKey(memberId), fresh);

/** Polls for the member's new messages once the thread is loaded, every 10 s. */
export const useNewMessages = (memberId: number, isEnabled: boolean) =>
  usePollNewMessages(threadKey(memberId), path(memberId), isEnabled);
