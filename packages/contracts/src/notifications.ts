import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'payment_approved',
  'payment_rejected',
  'loan_state',
  'installment_due_soon',
  'installment_overdue',
  'message',
  'recharge_state',
  'bonus',
  'password_link',
  'guarantee',
  'dues_reminder',
  'fine',
  'exit',
  // A payment corrected by reversal, or the committee's entry on the member's savings.
  'correction',
  // A passkey stopped, a recovery under way: what a member and the admins must hear at once.
  'security',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notification = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    link: z
      .string()
      .nullable()
      .meta({ description: 'A path in the member app, e.g. /user/my-loan.' }),
    read: z.boolean(),
    created_at: z.string(),
    whatsapp_url: z.string().meta({
      description: 'https://wa.me/?text=... with the title, the body and the full link.',
    }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const unreadCount = z.object({
  unread: z.number().int().meta({ description: 'Notifications the member has not read.' }),
});
export type UnreadCount = z.infer<typeof unreadCount>;

export const notificationPage = z.object({
  items: z.array(notification),
  next_cursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const readNotificationResponse = z.object({ notification, unread: z.number().int() });

export const readAllResponse = z.object({ message: z.string(), unread: z.literal(0) });

/** The notifications a page has shown, to be marked read (POST /api/notifications/read). */
export const readShownRequest = z.object({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(100)
    .meta({ description: 'Ids of the member’s notifications; another member’s are left alone.' }),
});
