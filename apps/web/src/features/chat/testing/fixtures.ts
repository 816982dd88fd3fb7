import type { Message } from '@jamiya/contracts/messages';

// Answers shaped like the real API's (packages/contracts/src/messages.ts).

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

/** A page as GET /api/messages answers it: newest first. */
export const threadBody = (oldestFirst: Message[], nextCursor: string | null = null) => ({
  items: [...oldestFirst].reverse(),
  next_cursor: nextCursor,
});
