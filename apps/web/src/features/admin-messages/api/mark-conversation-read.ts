import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY } from './get-conversations.ts';
import { threadKey, type Thread } from './get-conversation.ts';

export const markConversationRead = (memberId: number) =>
  api<{ marked: number }>(`/api/admin/messages/${memberId}/read`, { method: 'POST' });

/** The member's messages on screen are read: the list's unread badge goes. */
export function useMarkConversationRead(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(memberId),
    onSuccess: () => {
      queryClient.setQueryData<Thread>(threadKey(memberId), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p) => ({
                ...p,
                items: p.items.map((m) => (m.from_committee ? m : { ...m, read: true })),
              })),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}
