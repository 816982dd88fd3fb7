import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '@jamiya/money/dates';
import { useTestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/users.ts';
import { sendPasswordLinkMail } from '../auth/password-links.ts';
import { getSettings } from '../settings/settings.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { formatUntil, passwordLinkMail } from './messages.ts';

// A mail answers no request: it is written in the language of the recipient's profile.

const expiresAt = new Date('2026-03-14T05:30:00Z'); // 09:30 in Dubai
const url = 'https://jamiya.example.org/set-password?token=abcdefghijklmnopqrstuvwxyz';

describe('passwordLinkMail in a language', () => {
  it('writes the whole mail in Urdu, with the name, the link and the association as they are', () => {
    const mail = passwordLinkMail('ur', {
      name: 'Amina Rahman',
      url,
      purpose: 'invite',
      associationName: 'Al Noor Savings',
      expiresAt,
    });
    expect(mail).toEqual({
      subject: 'Al Noor Savings کے لیے اپنا پاس ورڈ سیٹ کریں',
      text: [
        'محترم Amina Rahman،',
        '',
        'Al Noor Savings میں خوش آمدید۔ آپ کا اکاؤنٹ تیار ہے: براہِ کرم اس لنک سے اپنا پاس ورڈ منتخب کریں:',
        '',
        url,
        '',
        `یہ لنک صرف ایک بار، ${formatMoment(expiresAt, 'ur')} (امارات کا وقت) تک کام کرتا ہے۔ پھر اپنے ای میل پتے اور منتخب کردہ پاس ورڈ سے سائن اِن کریں۔`,
        '',
        'اگر لنک کی مدت ختم ہو گئی ہو تو کمیٹی سے نیا لنک مانگیں۔',
        '',
        'نیک تمناؤں کے ساتھ،',
        'Al Noor Savings',
        '',
      ].join('\n'),
    });
  });

  it('keeps English for the operator’s terminal', () => {
    expect(formatUntil(expiresAt)).toBe('14 March 2026 at 9:30 AM (UAE time)');
  });
});

describe('sendPasswordLinkMail', () => {
  const t = useTestApp();

  it('mails the link in the language of the member’s profile', async () => {
    const member = await t.makeUser({ name: 'Rafiq Islam' });
    await t.db.update(users).set({ language: 'bn' }).where(eq(users.id, member.id));
    const mails: OutgoingMail[] = [];
    const mailer: Mailer = {
      delivers: true,
      async send(mail) {
        mails.push(mail);
      },
    };
    const sent = await sendPasswordLinkMail(
      { db: t.db, mailer },
      { userId: member.id, url, purpose: 'reset', expiresAt },
    );
    expect(sent).toBe(true);
    const { associationName } = await getSettings(t.db);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${associationName}-এর জন্য নতুন পাসওয়ার্ড সেট করুন`);
    expect(mails[0]!.text.split('\n').slice(0, 6)).toEqual([
      'প্রিয় Rafiq Islam,',
      '',
      `আপনার ${associationName} অ্যাকাউন্টের নতুন পাসওয়ার্ড সেট করার একটি অনুরোধ আমরা পেয়েছি।`,
      'এই লিংক দিয়ে নতুন পাসওয়ার্ড বেছে নিন:',
      '',
      url,
    ]);
    expect(mails[0]!.text).toContain(`${formatMoment(expiresAt, 'bn')} (আমিরাতের সময়)`);
  });
});
