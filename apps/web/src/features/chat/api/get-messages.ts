import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Message, MessageList } from '@jamiya/contracts/messages';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';
import {
  addNewest as addNewestTo,
  threadMessages,
  usePollNewMessages,
} from '../../../components/chat/thread-data.ts';

export type { Message };
export type Thread = InfiniteData<MessageList, string | null>;

export const THREAD_KEY = ['messages', 'thread'] as const;
const PAGE_SIZE = 20;

export { threadMessages };

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

/** Adds messages (the one just sent) at the newest end, each once. */
export const addNewest = (queryClient: QueryClient, fresh: Message[]) =>
  addNewestTo(queryClient, THREAD_KEY, fresh);

/** Polls for new messages once the thread is loaded; nothing is asked at once, only every 10 s. */
export const useNewMessages = (isEnabled: boolean) =>
  usePollNewMessages(THREAD_KEY, '/api/messages', isEnabled);
