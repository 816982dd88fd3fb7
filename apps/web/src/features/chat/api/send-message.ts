import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SentMessageResponse } from '@jamiya/contracts/messages';
import { api } from '../../../lib/api-client.ts';
import { addNewest } from './get-messages.ts';
import type { MessageFormOutput } from '../../../components/chat/message-form.ts';

export function sendMessage(values: MessageFormOutput): Promise<SentMessageResponse> {
  const form = new FormData();
  form.append('body', values.body);
  if (values.attachment) form.append('attachment', values.attachment, values.attachment.name);
  return api<SentMessageResponse>('/api/messages', { form });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (res) => addNewest(queryClient, [res.item]),
  });
}
