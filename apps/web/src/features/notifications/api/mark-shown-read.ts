import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@jamiya/contracts/notifications';
import {
  getNotificationsQueryOptions,
  getUnreadCountQueryOptions,
} from '../../../api/get-notifications.ts';
import { api } from '../../../lib/api-client.ts';

export const markShownRead = (ids: number[]) =>
  api<UnreadCount>('/api/notifications/read', { json: { ids } });

/**
 * Marks read what the page has shown. The list kept in the cache says so too, rather than
 * being asked for again: the page shows them as new until the member leaves it.
 */
export function useMarkShownRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markShownRead,
    onSuccess: ({ unread }, ids) => {
      queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, { unread });
      const marked = new Set(ids);
      queryClient.setQueryData(
        getNotificationsQueryOptions().queryKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unread,
              items: page.items.map((n) => (marked.has(n.id) ? { ...n, read: true } : n)),
            })),
          },
      );
    },
  });
}
