import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TextValues } from '../../lib/i18n.ts';
import { users } from './users.ts';

/** A notification's text (notifications.<text>.title and .body in its locales) and values. */
export interface NoticeParams {
  text: string;
  values: TextValues;
}

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // payment_approved, payment_rejected, loan_state, installment_due_soon,
    // installment_overdue, message, recharge_state, bonus, password_link
    kind: text('kind').notNull(),
    // What it says, as a text and its values (features/notifications/texts.ts): put in the
    // reader's language when it is read or mailed, never stored in one.
    params: jsonb('params').$type<NoticeParams>().notNull(),
    // A path in the member app, e.g. /user/my-loan.
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);
