import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Message, MessageList } from '@jamiya/contracts/messages';
import {
  addNewest as addNewestTo,
  threadQueryOptions,
  usePollNewMessages,
} from '../../../components/chat/thread-data.ts';

export type { Message };
export type Thread = InfiniteData<MessageList, string | null>;

export const THREAD_KEY = ['messages', 'thread'] as const;
const PATH = '/api/messages';

/** The member's conversation with the committee. */
export const getThreadQueryOptions = () => threadQueryOptions<MessageList>(THREAD_KEY, PATH);

export const useThread = () => useInfiniteQuery(getThreadQueryOptions());

/** Adds messages (the one just sent) at the newest end, each once. */
export const addNewest = (queryClient: QueryClient, fresh: Message[]) =>
  addNewestTo(queryClient, THREAD_KEY, fresh);

/** Polls for new messages once the thread is loaded; nothing is asked at once, only every 10 s. */
export const useNewMessages = (isEnabled: boolean) =>
  usePollNewMessages(THREAD_KEY, PATH, isEnabled);
