import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification, NotificationPage, UnreadCount } from '@jamiya/contracts/notifications';
import { api } from '../lib/api-client.ts';
import { withQuery } from '../lib/list-query.ts';

export type { Notification };

// Shared by the bell in the header and the notifications page, so both read one cache:
// marking something read invalidates NOTIFICATIONS_KEY and both refresh.
export const NOTIFICATIONS_KEY = ['notifications'] as const;

// The bell asks every 30 s, and only while the tab is visible (TanStack Query pauses
// intervals in a hidden tab): a decision or a reminder is never urgent to the second, and
// two small requests a minute per open tab cost a phone and the server next to nothing.
export const UNREAD_POLL_MS = 30_000;

export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unreadCount'],
    queryFn: ({ signal }) => api<UnreadCount>('/api/notifications/unread-count', { signal }),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });

export const useUnreadCount = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getUnreadCountQueryOptions(), enabled });

export const getNotificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    queryFn: ({ pageParam, signal }) =>
      api<NotificationPage>(withQuery('/api/notifications', { cursor: pageParam, limit: 20 }), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The list, newest first; its latest unread count also updates the bell. */
export function useNotifications() {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(getNotificationsQueryOptions());
  const unread = query.data?.pages.at(-1)?.unread;
  useEffect(() => {
    if (unread !== undefined)
      queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, { unread });
  }, [queryClient, unread]);
  return query;
}
