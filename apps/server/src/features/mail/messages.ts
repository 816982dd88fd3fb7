import type { Language } from '@jamiya/contracts/languages';
import { textsIn } from '../../lib/i18n.ts';

// The mails the app sends, in the recipient's language (users.language): the texts are in
// locales/<language>.json; names, links and the association's name go in as they are.

// The password link's mail, by purpose: each id written whole, for Lingui's extract (/*i18n*/).
const PASSWORD_LINK = {
  invite: {
    subject: /*i18n*/ 'mail.passwordLink.invite.subject',
    opening: /*i18n*/ 'mail.passwordLink.invite.opening',
    after: /*i18n*/ 'mail.passwordLink.invite.after',
    closing: /*i18n*/ 'mail.passwordLink.invite.closing',
  },
  reset: {
    subject: /*i18n*/ 'mail.passwordLink.reset.subject',
    opening: /*i18n*/ 'mail.passwordLink.reset.opening',
    after: /*i18n*/ 'mail.passwordLink.reset.after',
    closing: /*i18n*/ 'mail.passwordLink.reset.closing',
  },
} as const;

/** "14 Mar 2026, 9:30 AM (UAE time)", as the app writes a moment. */
export function formatUntil(date: Date, language: Language = 'en'): string {
  const i18n = textsIn(language);
  return i18n._('mail.passwordLink.until', { until: { at: date } });
}

function closing(language: Language, associationName: string) {
  const i18n = textsIn(language);
  return [i18n._('mail.regards'), associationName, ''];
}

export function passwordLinkMail(
  language: Language,
  input: {
    name: string;
    url: string;
    purpose: 'invite' | 'reset';
    associationName: string;
    expiresAt: Date;
  },
): { subject: string; text: string } {
  const { name, url, purpose, associationName, expiresAt } = input;
  const i18n = textsIn(language);
  const say = (part: keyof (typeof PASSWORD_LINK)[typeof purpose]) =>
    i18n._(PASSWORD_LINK[purpose][part], { association: associationName });
  const worksOnce = i18n._('mail.passwordLink.worksOnce', {
    until: formatUntil(expiresAt, language),
  });
  const body = [
    i18n._('mail.dear', { name }),
    '',
    say('opening'),
    '',
    url,
    '',
    `${worksOnce} ${say('after')}`,
    '',
    say('closing'),
    '',
    ...closing(language, associationName),
  ].join('\n');
  return { subject: say('subject'), text: body };
}

/**
 * The message an admin hands over with a link (WhatsApp, SMS), in the member's language: the
 * mail's greeting, opening, link and how long it works, without the mail's closing.
 */
export function handOverMessage(
  language: Language,
  input: Parameters<typeof passwordLinkMail>[1],
): string {
  const i18n = textsIn(language);
  const part = PASSWORD_LINK[input.purpose];
  return [
    i18n._('mail.dear', { name: input.name }),
    i18n._(part.opening, { association: input.associationName }),
    input.url,
    `${i18n._('mail.passwordLink.worksOnce', { until: formatUntil(input.expiresAt, language) })} ${i18n._(part.after, { association: input.associationName })}`,
  ].join('\n\n');
}

/** The mail of a notification: its title as the subject, its text and link in the body. */
export function notificationMail(
  language: Language,
  input: { name: string; title: string; body: string; url: string; associationName: string },
): { subject: string; text: string } {
  const i18n = textsIn(language);
  const body = [
    i18n._('mail.dear', { name: input.name }),
    '',
    input.body,
    '',
    i18n._('mail.notification.seeInApp', { url: input.url }),
    '',
    ...closing(language, input.associationName),
  ].join('\n');
  return { subject: input.title, text: body };
}
