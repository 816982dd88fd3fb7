import type { Language } from '@jamiya/contracts/languages';
import { text } from '../../lib/i18n.ts';

// The mails the app sends, in the recipient's language (users.language): the texts are in
// locales/<language>.json; names, links and the association's name go in as they are.

/** "14 Mar 2026, 9:30 AM (UAE time)", as the app writes a moment. */
export function formatUntil(date: Date, language: Language = 'en'): string {
  return text(language, 'mail.passwordLink.until', { until: { at: date } });
}

const closing = (language: Language, associationName: string) => [
  text(language, 'mail.regards'),
  associationName,
  '',
];

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
  const say = (part: 'subject' | 'opening' | 'after' | 'closing') =>
    text(language, `mail.passwordLink.${purpose}.${part}`, { association: associationName });
  const worksOnce = text(language, 'mail.passwordLink.worksOnce', {
    until: formatUntil(expiresAt, language),
  });
  const body = [
    text(language, 'mail.dear', { name }),
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

/** The mail of a notification: its title as the subject, its text and link in the body. */
export function notificationMail(
  language: Language,
  input: { name: string; title: string; body: string; url: string; associationName: string },
): { subject: string; text: string } {
  const body = [
    text(language, 'mail.dear', { name: input.name }),
    '',
    input.body,
    '',
    text(language, 'mail.notification.seeInApp', { url: input.url }),
    '',
    ...closing(language, input.associationName),
  ].join('\n');
  return { subject: input.title, text: body };
}
