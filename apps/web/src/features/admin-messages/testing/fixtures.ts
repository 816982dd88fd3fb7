import type { Conversation, Message } from '@jamiya/contracts/messages';

// Answers shaped like the real API's (packages/contracts/src/messages.ts).

export const anil = { id: 41, unique_id: 'JM000041', name: 'Anil Kumar' };

export function chatMessage(overrides: Partial<Message> & { id: number }): Message {
  return {
    from_committee: false,
    author_name: 'Anil Kumar',
    body: `Message ${overrides.id}`,
    attachment: null,
    created_at: '2026-09-01T08:00:00.000Z',
    read: false,
    ...overrides,
  };
}

/** A page as GET /api/admin/messages/:memberId answers it: newest first. */
export const threadBody = (oldestFirst: Message[], nextCursor: string | null = null) => ({
  member: anil,
  items: [...oldestFirst].reverse(),
  next_cursor: nextCursor,
});

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    member: anil,
    last_message: chatMessage({ id: 9, body: 'When is the next meeting?' }),
    unread_count: 2,
    ...overrides,
  };
}
