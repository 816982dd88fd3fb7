import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { readAllResponse } from '@jamiya/contracts/notifications';
import { getUnreadCountQueryOptions, NOTIFICATIONS_KEY } from '../../../api/get-notifications.ts';
import { api } from '../../../lib/api-client.ts';

export const markAllNotificationsRead = () =>
  api<z.infer<typeof readAllResponse>>('/api/notifications/read-all', { method: 'POST' });

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, { unread: 0 });
      return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
