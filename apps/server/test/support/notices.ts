import type { NotificationInput } from '../../src/features/notifications/notify.ts';

/** For tests: a notification with a title and body given as they are. */
export const written = (
  userId: number,
  title: string,
  body = 'x',
  more: Partial<NotificationInput> = {},
): NotificationInput => ({
  userId,
  kind: 'bonus',
  text: 'asWritten',
  values: { title, body },
  ...more,
});
