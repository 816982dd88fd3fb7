import type { Conversation, Message } from '@jamiya/contracts/messages';
import { chatMessage, messagePage } from '../../../testing/message-fixtures.ts';

// Answers shaped like the real API's (packages/contracts/src/messages.ts).

export const anil = { id: 41, unique_id: 'JM000041', name: 'Anil Kumar' };

/** A page as GET /api/admin/messages/:memberId answers it: the member, then newest first. */
export const threadBody = (oldestFirst: Message[], nextCursor: string | null = null) => ({
  member: anil,
  ...messagePage(oldestFirst, nextCursor),
});

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    member: anil,
    last_message: chatMessage({ id: 9, body: 'When is the next meeting?' }),
    unread_count: 2,
    ...overrides,
  };
}
