import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentMessageResponse } from '@jamiya/contracts/messages';
import { api } from '../../../lib/api-client.ts';
import { CONVERSATIONS_KEY } from './get-conversations.ts';
import { addNewest } from './get-conversation.ts';
import type { MessageFormOutput } from '../../../components/chat/message-form.ts';

export function sendReply(memberId: number, values: MessageFormOutput) {
  const form = new FormData();
  form.append('body', values.body);
  if (values.attachment) form.append('attachment', values.attachment, values.attachment.name);
  return api<SentMessageResponse>(`/api/admin/messages/${memberId}`, { form });
}

export function useSendReply(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MessageFormOutput) => sendReply(memberId, values),
    onSuccess: (res) => {
      addNewest(queryClient, memberId, [res.item]);
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}
