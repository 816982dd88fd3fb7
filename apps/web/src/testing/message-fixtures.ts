import type { Message } from '@jamiya/contracts/messages';

// Messages of a conversation with the committee, shaped like the real API's
// (packages/contracts/src/messages.ts): the member's Contact/Chat and the admin's Messages
// read the same ones.

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

/** A page of a thread as the API answers it: newest first. */
export const messagePage = (oldestFirst: Message[], nextCursor: string | null = null) => ({
  items: [...oldestFirst].reverse(),
  next_cursor: nextCursor,
});
