import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A received mail as the `mailTo` fixture reads it (one JSON file per mail). */
export interface ReceivedMail {
  /** The envelope's recipients, lower case: who the server really sent it to. */
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  receivedAt: string;
}

/**
 * A real SMTP server for the end-to-end run, on a free port of 127.0.0.1, without TLS or
 * authentication, so that the app's own mailer (nodemailer) is what is tested. Each mail
 * is parsed and written to `dir` as JSON; written under a temporary name and renamed, so
 * that a reader never sees half a file.
 */
export async function startMailbox(
  dir: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: parsed.from?.address ?? null,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              receivedAt: new Date().toISOString(),
            };
            const name = `${Date.now()}-${String(++count).padStart(4, '0')}.json`;
            const temporary = path.join(dir, `.${name}.tmp`);
            fs.writeFileSync(temporary, JSON.stringify(mail, null, 2));
            fs.renameSync(temporary, path.join(dir, name));
            callback();
          })
          .catch((err: unknown) => callback(err as Error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mails received so far, oldest first, with their file names. */
export function readMailbox(dir: string): { file: string; mail: ReceivedMail }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((file) => ({
      file,
      mail: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail,
    }));
}
