import type { NotificationKind } from '@jamiya/contracts/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { inBatches } from '../../lib/batches.ts';
import type { TextValues } from '../../lib/i18n.ts';
import type { NoticeText } from './notice-texts.ts';

export type { NotificationKind, NoticeText };

export interface NotificationInput {
  userId: number;
  kind: NotificationKind;
  /** What it says: a text of locales/<language>.json, put in the reader's language when read. */
  text: NoticeText;
  /** The text's values: amounts, months, days; what people typed, kept as typed. */
  values: TextValues;
  /** A path in the member app, e.g. /user/my-loan. */
  link?: string | null;
  /** When it happened (the time of the change it reports); now when left out. */
  at?: Date;
}

// PostgreSQL's jsonb refuses half a UTF-16 surrogate pair (which a text column would have
// stored as U+FFFD): what people typed may hold one. With the u flag a pair is one code point,
// so \p{Cs} finds only the lone halves.
const LONE_SURROGATE = /\p{Cs}/gu;

function storable(values: TextValues): TextValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value,
    ]),
  );
}

/** A notice's row. */
const row = (input: NotificationInput) => ({
  userId: input.userId,
  kind: input.kind,
  params: { text: input.text, values: storable(input.values) },
  link: input.link ?? null,
  ...(input.at ? { createdAt: input.at } : {}),
});

/**
 * Tells a member something happened: written in the caller's transaction, so a notification
 * exists exactly when the change it reports does. E-mail, when configured, is sent afterwards
 * by the notifications job (rows with emailed_at null).
 */
export async function notify(db: DbOrTx, input: NotificationInput): Promise<void> {
  await db.insert(notifications).values(row(input));
}

/** Many notices at once (a job's reminders), a thousand to a statement, as notify writes each. */
export async function notifyAll(db: DbOrTx, inputs: readonly NotificationInput[]): Promise<void> {
  for (const batch of inBatches(inputs)) await db.insert(notifications).values(batch.map(row));
}
