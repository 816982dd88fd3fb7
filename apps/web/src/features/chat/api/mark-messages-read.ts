import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_KEY } from '../../../api/get-notifications.ts';
import { api } from '../../../lib/api-client.ts';
import { THREAD_KEY, type Thread } from './get-messages.ts';

export const markMessagesRead = () =>
  api<{ marked: number }>('/api/messages/read', { method: 'POST' });

/** The committee's messages on screen are read; so are the notifications that announced them. */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSuccess: () => {
      queryClient.setQueryData<Thread>(THREAD_KEY, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p) => ({
                ...p,
                items: p.items.map((m) => (m.from_committee ? { ...m, read: true } : m)),
              })),
            }
          : old,
      );
      // The bell's cache: the server read those notifications too.
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
