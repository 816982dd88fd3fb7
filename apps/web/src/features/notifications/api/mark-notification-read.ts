import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { readNotificationResponse } from '@jamiya/contracts/notifications';
import { getUnreadCountQueryOptions, NOTIFICATIONS_KEY } from '../../../api/get-notifications.ts';
import { api } from '../../../lib/api-client.ts';

export const markNotificationRead = (id: number) =>
  api<z.infer<typeof readNotificationResponse>>(`/api/notifications/${id}/read`, {
    method: 'POST',
  });

/**
 * Marks one read. The options live on the hook, not on mutate(), so the caches are updated
 * even when opening the notification has already left the page.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, { unread });
      return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
