// A stored notice put in its reader's language, and the texts older rows name.
import type { Language } from '@jamiya/contracts/languages';
import type { NoticeParams } from '../../db/schema/notifications.ts';
import { textsIn } from '../../lib/i18n.ts';
import { NOTICE_TEXTS } from './notice-texts.ts';

// What a member reads in the app, in the mail and in a forwarded WhatsApp message: one
// sentence or two, with the figures and the reason the committee gave. Each is stored as a text
// (notice-texts.ts) with its values and put in the reader's language when read
// (issue 23); what people typed (a reason, a note, a message) is a value, shown as typed.

/**
 * Texts that older rows name and no code writes any more: `asWritten` (migration 0013), and
 * `passwordLink`, the password-link notice before it named the admins who issued the link.
 */
export const EARLIER_TEXTS = ['asWritten', 'passwordLink'] as const;

/** A notification's title and body in a language. */
export function renderNotice(
  { text: id, values }: NoticeParams,
  language: Language,
): { title: string; body: string } {
  // A row names its text: one the code no longer knows is an error, as a missing id is.
  if (!Object.hasOwn(NOTICE_TEXTS, id)) throw new Error(`No text notifications.${id}`);
  const { title, body } = NOTICE_TEXTS[id as keyof typeof NOTICE_TEXTS];
  const i18n = textsIn(language);
  return { title: i18n._(title, values), body: i18n._(body, values) };
}
