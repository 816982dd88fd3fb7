import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AdminThread, Message } from '@jamiya/contracts/messages';
import {
  addNewest as addNewestTo,
  threadQueryOptions,
  usePollNewMessages,
} from '../../../components/chat/thread-data.ts';

export type { AdminThread, Message };
export type Thread = InfiniteData<AdminThread, string | null>;

export const threadKey = (memberId: number) => ['admin', 'messages', 'thread', memberId] as const;

const path = (memberId: number) => `/api/admin/messages/${memberId}`;

/** A member's conversation with the committee. */
export const getConversationQueryOptions = (memberId: number) =>
  threadQueryOptions<AdminThread>(threadKey(memberId), path(memberId));

export const useConversation = (memberId: number) =>
  useInfiniteQuery(getConversationQueryOptions(memberId));

/** Adds messages (the answer just sent) at the newest end, each once. */
export const addNewest = (queryClient: QueryClient, memberId: number, fresh: Message[]) =>
  addNewestTo(queryClient, threadKey(memberId), fresh);

/** Polls for the member's new messages once the thread is loaded, every 10 s. */
export const useNewMessages = (memberId: number, isEnabled: boolean) =>
  usePollNewMessages(threadKey(memberId), path(memberId), isEnabled);
