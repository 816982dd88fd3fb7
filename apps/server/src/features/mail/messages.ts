import { formatMoment } from '@jamiya/money/dates';

/** "14 Mar 2026, 9:30 AM (UAE time)", as the app writes a moment. */
export function formatUntil(date: Date): string {
  return `${formatMoment(date)} (UAE time)`;
}

export function passwordLinkMail(input: {
  name: string;
  url: string;
  purpose: 'invite' | 'reset';
  associationName: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  const { name, url, purpose, associationName, expiresAt } = input;
  const until = formatUntil(expiresAt);
  const opening =
    purpose === 'invite'
      ? [
          `Welcome to ${associationName}. Your account is ready: please choose your password with this link:`,
        ]
      : [
          `We received a request to set a new password for your ${associationName} account.`,
          'Choose a new password with this link:',
        ];
  const after =
    purpose === 'invite'
      ? 'Then sign in with your email address and the password you chose.'
      : 'Setting a new password signs you out on every device; then sign in with the new one.';
  const closing =
    purpose === 'invite'
      ? 'If the link has expired, ask the committee for a new one.'
      : 'If you did not ask for this, you can ignore this email: your password stays as it is.';
  const text = [
    `Dear ${name},`,
    '',
    ...opening,
    '',
    url,
    '',
    `The link works once, until ${until}. ${after}`,
    '',
    closing,
    '',
    'With kind regards,',
    associationName,
    '',
  ].join('\n');
  const subject =
    purpose === 'invite'
      ? `Set your password for ${associationName}`
      : `Set a new password for ${associationName}`;
  return { subject, text };
}
