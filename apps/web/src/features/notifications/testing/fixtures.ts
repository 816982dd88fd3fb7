import type { Notification, NotificationPage } from '@jamiya/contracts/notifications';

// Answers shaped like GET /api/notifications.

export function notification(overrides: Partial<Notification> = {}): Notification {
  const base = {
    id: 12,
    kind: 'payment_approved' as const,
    title: 'Your due for November 2026 is approved',
    body: 'AED 200 is added to your savings for November 2026.',
    link: '/user/monthly-pay',
    read: false,
    created_at: '2026-11-20T08:30:00.000Z',
    ...overrides,
  };
  const text = [base.title, base.body, base.link ? `http://localhost${base.link}` : null]
    .filter(Boolean)
    .join('\n');
  return { whatsapp_url: `https://wa.me/?text=${encodeURIComponent(text)}`, ...base };
}

export function pageBody(
  items: Notification[],
  nextCursor: string | null = null,
  unread = items.filter((n) => !n.read).length,
): NotificationPage {
  return { items, next_cursor: nextCursor, unread };
}
