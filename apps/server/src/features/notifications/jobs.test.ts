import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDay } from '@jamiya/money/dates';
import { formatMoney } from '@jamiya/money/format';
import {
  createTestApp,
  freshDatabase,
  makeUser,
  TEST_CONFIG,
  type TestApp,
  loanApplication,
} from '../../../test/harness.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildApp } from '../../app.ts';
import { openPostgres, type Db } from '../../db/client.ts';
import { installmentReminders } from '../../db/schema/loans.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { databaseStorage } from '../files/file-storage.ts';
import { applyForLoan } from '../loans/apply.ts';
import { applyRepayment } from '../loans/repayment.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import { installmentsOf } from '../loans/installments.ts';
import { writeOffLoan } from '../loans/write-off.ts';
import type { Actor } from '../../lib/actor.ts';
import { createMailer, type Mailer, type OutgoingMail } from '../mail/mailer.ts';
import { getSettings } from '../settings/settings.ts';
import { sendInstallmentReminders } from '../loans/reminders.ts';
import { mailNotifications, type JobLog } from './jobs.ts';
import { notify } from './notify.ts';
import { renderNotice } from './texts.ts';
import { written } from '../../../test/support/notices.ts';

let t: TestApp;
let admin: Actor;

/** A test app with cash for the loans it pays out (cash never goes below zero) and its admin. */
async function lendingApp(): Promise<{ app: TestApp; admin: Actor }> {
  const app = await createTestApp();
  await app.fundCash(10_000_000);
  return { app, admin: { id: (await app.makeUser({ role: 'admin' })).id, role: 'admin' } };
}

beforeAll(async () => {
  ({ app: t, admin } = await lendingApp());
});
afterAll(() => closeQuietly(t));

/**
 * On PostgreSQL the harness drops the database WITH (FORCE) as soon as the pool has ended,
 * before its connections have closed; their errors then have nobody to handle them.
 */
function quiet(db: Db): void {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) client.on('error', () => {});
}
async function closeQuietly(app: TestApp): Promise<void> {
  quiet(app.db);
  await app.close();
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const log: JobLog = {
    info: (_f, msg) => lines.push({ level: 'info', msg }),
    warn: (_f, msg) => lines.push({ level: 'warn', msg }),
    error: (_f, msg) => lines.push({ level: 'error', msg }),
  };
  return { log, lines };
}

function recordingMailer(): Mailer & { mails: OutgoingMail[] } {
  const mails: OutgoingMail[] = [];
  return {
    delivers: true,
    mails,
    async send(mail) {
      mails.push(mail);
    },
  };
}

const at = (date: string) => new Date(`${date}T08:00:00Z`); // noon in Dubai

/** A member with a 1,000 AED loan over 3 months paid out on `disbursedOn` (due the 13th). */
async function memberWithLoan(db: Db, disbursedOn = '2026-02-13', by: Actor = admin) {
  const user = await makeUser(db, { joinedOn: '2026-01-01' });
  const application = loanApplication();
  const loan = await applyForLoan(db, user.id, application, at(disbursedOn));
  await approveLoan(db, loan.id, by, at(disbursedOn));
  await disburseLoan(db, loan.id, by, at(disbursedOn));
  return { user, loan };
}

/** A member's reminders, with their title and body in English. */
const reminderRows = async (db: Db, userId: number) =>
  (
    await db
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.kind, ['installment_due_soon', 'installment_overdue']),
        ),
      )
      .orderBy(notifications.id)
  ).map(({ kind, params }) => ({ kind, ...renderNotice(params, 'en') }));

describe('installment reminders', () => {
  it('reminds 3 days before an installment falls due and once it is overdue, each once', async () => {
    // It counts every reminder sent and kept: a database of its own, without the other loans.
    const own = await lendingApp();
    const db = own.app.db;
    try {
      const { user } = await memberWithLoan(db, undefined, own.admin);
      const aed = formatMoney(35_667, 'en');

      expect(await sendInstallmentReminders(db, at('2026-03-09'))).toBe(0);
      expect(await reminderRows(db, user.id)).toEqual([]);

      expect(await sendInstallmentReminders(db, at('2026-03-10'))).toBe(1);
      expect(await reminderRows(db, user.id)).toEqual([
        {
          kind: 'installment_due_soon',
          title: 'Installment due on 13 March 2026',
          body: `Installment 1 of 3 of your loan, ${aed}, is due on 13 March 2026. Pay it from My Loan.`,
        },
      ]);
      // The next days, and on the day itself, nothing new.
      for (const day of ['2026-03-10', '2026-03-11', '2026-03-13'])
        expect(await sendInstallmentReminders(db, at(day))).toBe(0);

      expect(await sendInstallmentReminders(db, at('2026-03-14'))).toBe(1);
      const rows = await reminderRows(db, user.id);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual({
        kind: 'installment_overdue',
        title: 'Installment overdue',
        body: `Installment 1 of 3 of your loan was due on 13 March 2026; ${aed} is still to pay. Please pay it as soon as you can, or talk to the committee.`,
      });
      expect(await sendInstallmentReminders(db, at('2026-03-20'))).toBe(0);

      // A month later: the second installment is due soon; the first is not told again.
      expect(await sendInstallmentReminders(db, at('2026-04-11'))).toBe(1);
      expect((await reminderRows(db, user.id)).map((r) => r.title)).toEqual([
        'Installment due on 13 March 2026',
        'Installment overdue',
        'Installment due on 13 April 2026',
      ]);
      expect(await db.select().from(installmentReminders)).toHaveLength(3);
    } finally {
      await closeQuietly(own.app);
    }
  });

  it('leaves paid installments and loans no longer active alone', async () => {
    const paid = await memberWithLoan(t.db, '2026-05-13');
    const [first] = await installmentsOf(t.db, paid.loan.id);
    await t.db.transaction((tx) =>
      applyRepayment(tx, {
        loanId: paid.loan.id,
        amountFils: first!.amountFils,
        actor: admin,
        now: at('2026-06-01'),
      }),
    );
    const gone = await memberWithLoan(t.db, '2026-05-13');
    await writeOffLoan(t.db, gone.loan.id, admin, 'Left the country', at('2026-06-01'));
    await sendInstallmentReminders(t.db, at('2026-06-11'));
    expect(await reminderRows(t.db, paid.user.id)).toEqual([]);
    expect(await reminderRows(t.db, gone.user.id)).toEqual([]);
    // Once the second installment of the paying member falls due, it is reminded.
    await sendInstallmentReminders(t.db, at('2026-07-10'));
    expect((await reminderRows(t.db, paid.user.id)).map((r) => r.title)).toEqual([
      'Installment due on 13 July 2026',
    ]);
    expect(await reminderRows(t.db, gone.user.id)).toEqual([]);
    await t.expectBooksBalance();
  });
});

describe('notification mails', () => {
  // An inbox for each test: one of them makes it refuse every mail from then on.
  let inbox: SmtpInbox;
  beforeEach(async () => {
    inbox = await startSmtpInbox();
  });
  afterEach(() => inbox.close());

  const smtp = () =>
    createMailer({
      smtpUrl: inbox.url,
      from: TEST_CONFIG.mailFrom,
      log: () => {
        throw new Error('an SMTP mailer must not write to the log');
      },
    });

  it('mails a notification once, through a real SMTP server, with the full link', async () => {
    const user = await t.makeUser({ name: 'Grace Thomas' });
    await notify(
      t.db,
      written(
        user.id,
        'Your due for March 2026 is approved',
        'AED 200 is added to your savings for March 2026.',
        { kind: 'payment_approved', link: '/user/monthly-pay' },
      ),
    );
    const deps = { db: t.db, mailer: smtp(), publicUrl: 'https://jamiya.example.org' };
    const { log, lines } = recordingLog();
    await mailNotifications(deps, new Date(), log);
    const mail = await inbox.next(user.email);
    expect(mail.subject).toBe('Your due for March 2026 is approved');
    expect(mail.text).toContain('Dear Grace Thomas,');
    expect(mail.text).toContain('AED 200 is added to your savings for March 2026.');
    expect(mail.text).toContain('https://jamiya.example.org/user/monthly-pay');
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(row!.emailedAt).not.toBeNull();

    await mailNotifications(deps, new Date(), log);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.mails.filter((m) => m.envelopeTo.includes(user.email))).toHaveLength(1);
    expect(lines.filter((l) => l.level !== 'info')).toEqual([]);
  });

  it('sends nothing when mail only goes to the log, and nothing older than 3 days', async () => {
    const user = await t.makeUser();
    await notify(t.db, written(user.id, 'New'));
    await notify(
      t.db,
      written(user.id, 'Old', 'x', { at: new Date(Date.now() - 4 * 24 * 60 * 60_000) }),
    );
    const logOnly = { ...recordingMailer(), delivers: false };
    const { log } = recordingLog();
    await mailNotifications({ db: t.db, mailer: logOnly, publicUrl: 'http://x' }, new Date(), log);
    expect(logOnly.mails).toEqual([]);

    const mailer = recordingMailer();
    await mailNotifications({ db: t.db, mailer, publicUrl: 'http://x' }, new Date(), log);
    expect(mailer.mails.filter((m) => m.to === user.email).map((m) => m.subject)).toEqual(['New']);
  });

  it('mails a reminder in the member’s own language, which the app shows in the reader’s', async () => {
    const { user } = await memberWithLoan(t.db, '2026-09-13');
    await t.db.update(users).set({ language: 'ml' }).where(eq(users.id, user.id));
    const now = at('2026-10-10');
    await sendInstallmentReminders(t.db, now);
    const mailer = recordingMailer();
    const deps = { db: t.db, mailer, publicUrl: 'https://jamiya.example.org' };
    await mailNotifications(deps, now, recordingLog().log);

    const day = formatDay('2026-10-13', 'ml');
    const { associationName } = await getSettings(t.db);
    expect(mailer.mails.filter((m) => m.to === user.email)).toEqual([
      {
        to: user.email,
        subject: `തവണ അടയ്ക്കേണ്ടത് ${day}-ന്`,
        text: [
          `പ്രിയ ${user.name},`,
          '',
          `നിങ്ങളുടെ വായ്പയുടെ തവണ 1/3, ${formatMoney(35_667, 'ml')}, ${day}-ന് അടയ്ക്കണം. ‘എന്റെ വായ്പ’ പേജിൽ നിന്ന് അടയ്ക്കാം.`,
          '',
          'ആപ്പിൽ കാണുക: https://jamiya.example.org/user/my-loan',
          '',
          'ആദരവോടെ,',
          associationName,
          '',
        ].join('\n'),
      },
    ]);
    // Stored once, as a text and its values: the app writes it in whatever language is read.
    expect(await reminderRows(t.db, user.id)).toEqual([
      {
        kind: 'installment_due_soon',
        title: 'Installment due on 13 October 2026',
        body: `Installment 1 of 3 of your loan, ${formatMoney(35_667, 'en')}, is due on 13 October 2026. Pay it from My Loan.`,
      },
    ]);
  });

  it('gives mails back for the next run when the server cannot be reached, not when it refuses', async () => {
    const user = await t.makeUser();
    await notify(t.db, written(user.id, 'Try again'));
    const { log, lines } = recordingLog();
    const down: Mailer = {
      delivers: true,
      async send() {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' });
      },
    };
    await mailNotifications({ db: t.db, mailer: down, publicUrl: 'http://x' }, new Date(), log);
    const mine = () => t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect((await mine())[0]!.emailedAt).toBeNull();
    expect(lines.map((l) => l.msg)).toContain(
      'notification mails could not be sent; trying again on the next run',
    );

    inbox.refuseAll();
    const refused = recordingLog();
    const deps = { db: t.db, mailer: smtp(), publicUrl: 'http://x' };
    await mailNotifications(deps, new Date(), refused.log);
    expect((await mine())[0]!.emailedAt).not.toBeNull();
    expect(refused.lines.map((l) => l.msg)).toContain(
      'the mail server refused a notification mail',
    );
  });
});

describe('the job inside the app', () => {
  it('runs when the app is ready and stops when it closes', async () => {
    const testDb = await freshDatabase();
    const mailer = recordingMailer();
    const app = await buildApp(
      TEST_CONFIG,
      { db: testDb.database.db, storage: databaseStorage, mailer },
      { notificationJobMs: 20 },
    );
    let isClosed = false;
    // This test's own notices: on a reminder day (the 28th of a 30-day month in Dubai) the job
    // also reminds the new member of next month's due.
    const mine = () => mailer.mails.filter((m) => ['One', 'Two', 'Three'].includes(m.subject));
    try {
      const user = await makeUser(testDb.database.db);
      await notify(testDb.database.db, written(user.id, 'One'));
      await app.ready();
      await expect.poll(() => mine().length).toBe(1);
      await notify(testDb.database.db, written(user.id, 'Two'));
      await expect.poll(() => mine().length).toBe(2);
      await app.close();
      isClosed = true;
      await notify(testDb.database.db, written(user.id, 'Three'));
      await new Promise((r) => setTimeout(r, 200));
      expect(mine().map((m) => m.subject)).toEqual(['One', 'Two']);
    } finally {
      if (!isClosed) await app.close();
      quiet(testDb.database.db);
      await testDb.destroy();
    }
  });
});

describe('two processes at once (PostgreSQL)', () => {
  const M = 12;
  let p: TestApp;
  let a: Awaited<ReturnType<typeof openPostgres>>;
  let b: Awaited<ReturnType<typeof openPostgres>>;
  let pAdmin: Actor;

  beforeAll(async () => {
    ({ app: p, admin: pAdmin } = await lendingApp());
    // Two pools of their own over the same database: two processes, as in production.
    a = await openPostgres(p.testDb.url, 4);
    b = await openPostgres(p.testDb.url, 4);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await closeQuietly(p);
  });

  it('sends each reminder once, and mails each notification once', async () => {
    const members = [];
    for (let i = 0; i < M; i++) members.push(await memberWithLoan(p.db, undefined, pAdmin));

    for (const day of ['2026-03-10', '2026-03-11', '2026-03-14', '2026-03-15']) {
      const sent = await Promise.all([
        sendInstallmentReminders(a.db, at(day)),
        sendInstallmentReminders(b.db, at(day)),
        sendInstallmentReminders(a.db, at(day)),
        sendInstallmentReminders(b.db, at(day)),
      ]);
      const expected = day === '2026-03-10' || day === '2026-03-14' ? M : 0;
      expect(
        sent.reduce((sum, n) => sum + n, 0),
        day,
      ).toBe(expected);
    }
    const rows = await p.db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(inArray(notifications.kind, ['installment_due_soon', 'installment_overdue']));
    const counts = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.userId}:${r.kind}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(2 * M);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    // Written at the days above; mailed as if they had just happened.
    const all = await p.db
      .update(notifications)
      .set({ createdAt: new Date() })
      .returning({ id: notifications.id });
    const mailA = recordingMailer();
    const mailB = recordingMailer();
    const { log } = recordingLog();
    const now = new Date();
    await Promise.all([
      mailNotifications({ db: a.db, mailer: mailA, publicUrl: 'http://x' }, now, log),
      mailNotifications({ db: b.db, mailer: mailB, publicUrl: 'http://x' }, now, log),
      mailNotifications({ db: a.db, mailer: mailA, publicUrl: 'http://x' }, now, log),
      mailNotifications({ db: b.db, mailer: mailB, publicUrl: 'http://x' }, now, log),
    ]);
    const mailed = [...mailA.mails, ...mailB.mails];
    expect(mailed).toHaveLength(all.length);
    expect(new Set(mailed.map((m) => `${m.to}:${m.subject}`)).size).toBe(all.length);
  });
});
