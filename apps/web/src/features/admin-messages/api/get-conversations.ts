import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Conversation, ConversationList } from '@jamiya/contracts/messages';
import { api } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/list-query.ts';

export type { Conversation };

export const CONVERSATIONS_KEY = ['admin', 'messages', 'conversations'] as const;

/**
 * The committee's inbox is looked at now and then, not watched: every 30 s is soon enough to
 * see a new question while the list is open (and only while the tab is visible).
 */
export const CONVERSATIONS_POLL_MS = 30_000;

export const getConversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: CONVERSATIONS_KEY,
    queryFn: ({ pageParam, signal }) =>
      api<ConversationList>(withQuery('/api/admin/messages', { cursor: pageParam, limit: 20 }), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useConversations = () =>
  useInfiniteQuery({ ...getConversationsQueryOptions(), refetchInterval: CONVERSATIONS_POLL_MS });
