import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createMailer } from './mailer.ts';
import { formatUntil, passwordLinkMail } from './messages.ts';

const FROM = 'Jamiya Test <no-reply@jamiya.test>';
const noLog = () => {
  throw new Error('an SMTP mailer must not write mails to the log');
};

describe('createMailer with SMTP_URL', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it('delivers the mail to a real SMTP server, from MAIL_FROM', async () => {
    const mailer = createMailer({ smtpUrl: inbox.url, from: FROM, log: noLog });
    const text = 'Dear Amina,\n\nhttp://jamiya.test/set-password?token=abc\n\nمرحبا';
    await mailer.send({ to: 'amina@example.test', subject: 'Set your password — Jamiya', text });
    const mail = await inbox.next('amina@example.test');
    expect(mail.from).toBe('no-reply@jamiya.test');
    expect(mail.to).toEqual(['amina@example.test']);
    expect(mail.subject).toBe('Set your password — Jamiya');
    expect(mail.text.trim()).toBe(text);
  });

  it('rejects when the server refuses the recipient', async () => {
    const refusing = await startSmtpInbox();
    refusing.refuseAll();
    try {
      const mailer = createMailer({ smtpUrl: refusing.url, from: FROM, log: noLog });
      await expect(
        mailer.send({ to: 'nobody@example.test', subject: 's', text: 't' }),
      ).rejects.toThrow();
      expect(refusing.mails).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('rejects when no server listens', async () => {
    // A port that was free a moment ago.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, log: noLog });
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow();
  });
});

describe('createMailer without SMTP_URL', () => {
  it('writes the mail to the log instead', async () => {
    const lines: { fields: object; msg: string }[] = [];
    const mailer = createMailer({ from: FROM, log: (fields, msg) => lines.push({ fields, msg }) });
    const mail = { to: 'amina@example.test', subject: 'Hello', text: 'the link: http://x/y' };
    await mailer.send(mail);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.fields).toEqual({ mail });
    expect(lines[0]!.msg).toMatch(/SMTP_URL/);
  });
});

describe('passwordLinkMail', () => {
  const expiresAt = new Date('2026-03-14T05:30:00Z'); // 09:30 in Dubai
  const url = 'https://jamiya.example.org/set-password?token=abcdefghijklmnopqrstuvwxyz';

  it.each(['invite', 'reset'] as const)(
    'says (%s) who it is for, the link, that it works once, and until when',
    (purpose) => {
      const { subject, text } = passwordLinkMail('en', {
        name: 'Amina Rahman',
        url,
        purpose,
        associationName: 'Al Noor Savings',
        expiresAt,
      });
      expect(subject).toContain('Al Noor Savings');
      expect(subject).toMatch(/password/i);
      expect(text).toMatch(/^Dear Amina Rahman,\n/);
      // The link on a line of its own, so that mail programs make it clickable whole.
      expect(text.split('\n')).toContain(url);
      expect(text).toContain('works once, until 14 March 2026 at 9:30 AM (UAE time)');
      expect(text).toContain('Al Noor Savings');
    },
  );

  it('welcomes a new member, and tells a reset that it may be ignored', () => {
    const base = { name: 'A', url, associationName: 'Jamiya', expiresAt };
    expect(passwordLinkMail('en', { ...base, purpose: 'invite' }).text).toMatch(/Welcome/);
    expect(passwordLinkMail('en', { ...base, purpose: 'reset' }).text).toMatch(
      /did not ask.*ignore/,
    );
  });

  it('formats the expiry in Dubai time', () => {
    expect(formatUntil(new Date('2026-12-31T21:05:00Z'))).toBe(
      '1 January 2027 at 1:05 AM (UAE time)',
    );
  });
});

describe('mail and link settings', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.smtpUrl).toBeUndefined();
    expect(c.mailFrom).toBe('Jamiya <no-reply@jamiya.local>');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('reads the configured values', () => {
    const c = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      MAIL_FROM: 'Al Noor <treasurer@alnoor.example>',
      PUBLIC_URL: 'https://jamiya.example.org',
    });
    expect(c).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.org:465',
      mailFrom: 'Al Noor <treasurer@alnoor.example>',
      publicUrl: 'https://jamiya.example.org',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25' }).smtpUrl).toBe('smtp://localhost:25');
    expect(loadConfig({ MAIL_FROM: 'plain@example.org' }).mailFrom).toBe('plain@example.org');
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.10:3000' }).publicUrl).toBe(
      'http://192.168.1.10:3000',
    );
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.org'],
    ['SMTP_URL', 'mail.example.org:587'],
    ['MAIL_FROM', 'no address here'],
    ['PUBLIC_URL', 'https://jamiya.example.org/'],
    ['PUBLIC_URL', 'jamiya.example.org'],
    ['PUBLIC_URL', 'ftp://jamiya.example.org'],
    ['PUBLIC_URL', 'https://jamiya.example.org?x=1'],
  ])('names the bad variable %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('does not repeat the password of a bad SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtpx://user:hunter2@mail.example.org' })).toThrow(
      /SMTP_URL="smtpx:\/\/user:\*\*\*@mail\.example\.org"/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtpx://user:hunter2@mail.example.org' })).not.toThrow(
      /hunter2/,
    );
  });
});
