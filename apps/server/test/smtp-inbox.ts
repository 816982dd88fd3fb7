import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, as the SMTP client gave them. */
  envelopeTo: string[];
  from: string | undefined;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for createMailer. */
  url: string;
  mails: ReceivedMail[];
  /** The next mail to arrive for `to` (one already received and not yet taken counts). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses every recipient from now on (a mail server that says no). */
  refuseAll(): void;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that parses what it receives with postal-mime. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(
        refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            mails.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              from: email.from?.address,
              to: (email.to ?? []).map((a) => a.address ?? ''),
              subject: email.subject ?? '',
              text: email.text ?? '',
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => !taken.has(m) && m.envelopeTo.includes(to));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    refuseAll() {
      refusing = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
