import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** False when mail only goes to the log: then nobody receives it, and callers say so. */
  readonly delivers: boolean;
  send(mail: OutgoingMail): Promise<void>;
}

// A mail server that does not answer must not hold a request (or a shutdown) for minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends through SMTP when `smtpUrl` is set (smtp:// with STARTTLS when offered, smtps:// for
 * TLS from the start); otherwise writes each mail to the log, so that a small installation
 * without a mail server can still hand out the links.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  log: (fields: object, msg: string) => void;
}): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        log(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail not sent (SMTP_URL is not set); here is its text',
        );
      },
    };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS }, { from });
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
