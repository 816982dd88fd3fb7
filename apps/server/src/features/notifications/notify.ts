import type { NotificationKind } from '@jamiya/contracts/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/member-services.ts';

export type { NotificationKind };

export interface NotificationInput {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the member app, e.g. /user/my-loan. */
  link?: string | null;
  /** When it happened (the time of the change it reports); now when left out. */
  at?: Date;
}

/**
 * Tells a member something happened: written in the caller's transaction, so a notification
 * exists exactly when the change it reports does. E-mail, when configured, is sent afterwards
 * by the notifications job (rows with emailed_at null).
 */
export async function notify(db: DbOrTx, input: NotificationInput): Promise<void> {
  await db.insert(notifications).values({
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link ?? null,
    ...(input.at ? { createdAt: input.at } : {}),
  });
}
