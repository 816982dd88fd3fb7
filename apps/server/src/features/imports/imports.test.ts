import { and, eq } from 'drizzle-orm';
import readXlsxFile from 'read-excel-file/universal';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { IMPORT_COLUMNS, type ImportColumn } from '@jamiya/contracts/imports';
import { auditLog } from '../../db/schema/audit.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import { importMembers } from '../../db/schema/imports.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { loans } from '../../db/schema/loans.ts';
import { trialBalance } from '../ledger/balances.ts';
import {
  bearer,
  createTestApp,
  expectError,
  multipart,
  postForm,
  useTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { mailImportInvitations } from './invitations.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';

// Issue 36: an association brought in from its spreadsheet. The template, the dry run, the
// apply, and the books and each member's figures after it.

const t = useTestApp();
let admin: { id: number; token: string };

beforeAll(async () => {
  const user = await t.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
  admin = { id: user.id, token: await t.login(user.email) };
});

const today = localDate(new Date());
const thisMonth = periodOf(today);
const monthsAgo = (n: number) => addMonthsToPeriod(thisMonth, -n);
/** The cut-over: the last day of last month. */
const asOf = (() => {
  const first = new Date(`${thisMonth}-01T00:00:00Z`);
  return new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10);
})();

type Row = Partial<Record<ImportColumn, string>>;
let serial = 0;
const uniq = () => `${Date.now().toString(36)}${(serial += 1)}`;

function csvOf(rows: Row[], { separator = ',', columns = IMPORT_COLUMNS } = {}): Buffer {
  const quote = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [
    columns.join(separator),
    ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(separator)),
  ];
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}

function send(
  file: Buffer,
  fields: Record<string, string> = {},
  { token = admin.token, filename = 'members.csv', app = t } = {},
) {
  return postForm(
    app.app,
    '/api/admin/imports',
    token,
    multipart(
      { as_of: asOf, opening_cash: '10000', ...fields },
      { file: { filename, contentType: 'text/csv', data: file } },
    ),
  );
}

const member = (over: Row = {}): Row => {
  const id = uniq();
  return {
    name: `Member ${id}`,
    email: `m${id}@example.test`,
    mobile: '+971 50 123 4567',
    joined: monthsAgo(10),
    language: 'en',
    savings: '1800',
    paid_through: monthsAgo(2),
    ...over,
  };
};

/**
 * Anil: AED 1,000 at 7 % over 10 months (107 a month, 100 of it principal), paid out four
 * months ago, three installments (321) repaid: 700 of principal and 749 in all still owed.
 */
const anilWithHisLoan = () =>
  member({
    name: 'അനിൽ കുമാർ',
    language: 'ml',
    savings: '1200.50',
    loan_amount: '1000',
    loan_term_months: '10',
    loan_disbursed: monthsAgo(4),
    loan_repaid: '321',
  });

describe('the template', () => {
  it('comes as CSV: notes, the header of every column, an example row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/imports/template?format=csv',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines.findIndex((l) => l.startsWith('name,'));
    expect(lines.slice(0, header).every((l) => l.startsWith('"#') || l.startsWith('#'))).toBe(true);
    expect(lines[header]).toBe(IMPORT_COLUMNS.join(','));
    expect(lines[header + 1]).toMatch(/^Aisha Rahman,aisha\.rahman@example\.com,/);
    for (const c of IMPORT_COLUMNS) expect(res.body).toContain(`# ${c}: `);
  });

  it('comes as XLSX: the members sheet with the header and example, and one that explains', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/imports/template?format=xlsx',
      headers: { ...bearer(admin.token), 'accept-language': 'ar' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = res.rawPayload;
    const sheets = await readXlsxFile(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(sheets).toHaveLength(2);
    expect(sheets[0]!.data[0]).toEqual([...IMPORT_COLUMNS]);
    expect(sheets[0]!.data[1]![1]).toBe('aisha.rahman@example.com');
    expect(sheets[1]!.data.map((r) => r[0])).toEqual(expect.arrayContaining([...IMPORT_COLUMNS]));
  });

  it('is refused to a member (403) and without a sign-in (401)', async () => {
    const m = await t.makeUser();
    const token = await t.login(m.email);
    const url = '/api/admin/imports/template?format=csv';
    expectError(await t.app.inject({ method: 'GET', url, headers: bearer(token) }), 403);
    expectError(await t.app.inject({ method: 'GET', url }), 401);
  });
});

describe('a dry run, then the apply', () => {
  it('shows what would be created and changes nothing; the apply writes it, balanced', async () => {
    const rows = [
      member({ name: 'فاطمة الزهراء', savings: '2,400', language: 'ar' }),
      anilWithHisLoan(),
    ];
    const before = (await t.db.select().from(users)).length;
    const dry = await send(csvOf(rows));
    expect(dry.statusCode, dry.body).toBe(200);
    const body = dry.json();
    expect(body).toMatchObject({
      dry_run: true,
      rows: 2,
      members: 2,
      savings_total: 3600.5,
      loans: 1,
      errors: [],
      opening_cash: 10000,
    });
    expect(body.loans_outstanding).toBe(700);
    expect(body.loans_owed).toBe(749);
    expect(body.opening_equity).toBe(10000 + 700 - 3600.5);
    expect(body.months_paid).toBe(18);
    expect(body.lines.map((l: { row: number }) => l.row)).toEqual([2, 3]);
    expect((await t.db.select().from(users)).length).toBe(before);

    const applied = await send(csvOf(rows), { dry_run: 'false' });
    expect(applied.statusCode, applied.body).toBe(201);
    const answer = applied.json();
    expect(answer.import).toMatchObject({ state: 'applied', members: 2 });
    await t.expectBooksBalance();
    const tb = await trialBalance(t.db);
    expect(tb.balanced).toBe(true);
    const [anil] = await t.db.select().from(users).where(eq(users.name, 'അനിൽ കുമാർ'));
    const [loan] = await t.db.select().from(loans).where(eq(loans.userId, anil!.id));
    expect(loan).toMatchObject({ state: 'active', amountFils: 100_000, termMonths: 10 });
  });
});

/** An app whose mails only go to its log: the invitations come with the apply's answer. */
const logOnly = { delivers: false, async send() {} };

/** Sets a password with an invitation link and signs in: the member's token. */
async function acceptInvitation(app: TestApp, url: string, email: string): Promise<string> {
  const token = new URL(url).searchParams.get('token')!;
  const set = await app.app.inject({
    method: 'POST',
    url: '/api/password/set',
    payload: { token, password: 'a new garden 7', password_confirmation: 'a new garden 7' },
  });
  expect(set.statusCode, set.body).toBe(200);
  return app.login(email, 'a new garden 7');
}

describe('after the import, as the members and the treasurer see it', () => {
  let app: TestApp;
  let treasurer: string;
  /** An app whose mails go to its log, and its treasurer signed in. */
  async function withTreasurer() {
    const app = await createTestApp({}, { mailer: logOnly });
    const user = await app.makeUser({ role: 'admin' });
    return { app, treasurer: await app.login(user.email) };
  }
  beforeAll(async () => {
    ({ app, treasurer } = await withTreasurer());
  });

  it('gives each member their savings, paid months and loan, and the books their opening', async () => {
    // Books of its own: the overview, the trial balance and the audit are the whole
    // association's, which the other tests' imports would add to.
    const { app, treasurer } = await withTreasurer();
    onTestFinished(() => app.close());
    const anil = anilWithHisLoan();
    const sara = member({ name: 'سارة', language: 'ar', savings: '2400', paid_through: '' });
    const res = await send(
      csvOf([anil, sara]),
      { dry_run: 'false', opening_cash: '3000' },
      {
        token: treasurer,
        app,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.invitations_mailed).toBe(false);
    expect(answer.invitations).toHaveLength(2);
    const invitation = answer.invitations[0];
    expect(invitation).toMatchObject({ email: anil.email, language: 'ml' });
    expect(invitation.set_password_link.url).toMatch(/\/set-password\?token=.+&lang=ml$/);

    // Active, with no password: nothing signs in until the invitation is used.
    const [row] = await app.db.select().from(users).where(eq(users.email, anil.email!));
    expect(row).toMatchObject({
      status: 1,
      passwordHash: '',
      language: 'ml',
      joinedOn: `${anil.joined}-01`,
    });
    expectError(
      await app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: anil.email, password: '' + 'x'.repeat(8) },
      }),
      401,
    );

    const token = await acceptInvitation(app, invitation.set_password_link.url, anil.email!);
    const account = (
      await app.app.inject({ method: 'GET', url: '/api/my-account-data', headers: bearer(token) })
    ).json().myAccountData;
    expect(account.account_balance).toBe(1200.5);
    const months = account.monthlyPaymentData as Array<{ month: string; status: string }>;
    expect(months).toHaveLength(11);
    expect(months.filter((m) => m.status === 'completed')).toHaveLength(9);
    expect(months.slice(0, 2).map((m) => m.status)).toEqual(['pay_now', 'due']);
    // Two months of dues (200 each) and the installment that fell due this month.
    expect(account.due_balance).toBe(400 + 107);

    const [loan] = (
      await app.app.inject({ method: 'GET', url: '/api/my-loans', headers: bearer(token) })
    ).json().items;
    expect(loan).toMatchObject({
      state: 'active',
      loan_amount: 1000,
      total_amount_with_interest: 1070,
      paid_amount: 321,
      remaining_amount: 749,
    });
    expect(loan.installments.map((i: { status: string }) => i.status).slice(0, 5)).toEqual([
      'paid',
      'paid',
      'paid',
      'overdue',
      'unpaid',
    ]);

    const statement = (
      await app.app.inject({ method: 'GET', url: '/api/my-statement', headers: bearer(token) })
    ).json();
    const first = statement.lines.at(-1);
    expect(first).toMatchObject({
      kind: 'opening',
      savings_change: 1200.5,
      loan_change: 749,
      loan_principal_change: 700,
      loan_interest_change: 49,
      savings_balance: 1200.5,
      loan_balance: 749,
    });

    // The carried-over months: approved, no receipt, marked as such.
    const carried = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, row!.id), eq(payments.carriedOver, true)));
    expect(carried).toHaveLength(9);
    expect(carried.every((p) => p.status === 'approved' && p.receiptFileId === null)).toBe(true);

    const overview = (
      await app.app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: bearer(treasurer),
      })
    ).json();
    expect(overview).toMatchObject({
      savings_held: 3600.5,
      loans_outstanding: 700,
      cash_in_hand: 3000,
      members: { active: 2 },
    });
    const tb = (
      await app.app.inject({
        method: 'GET',
        url: '/api/admin/ledger/trial-balance',
        headers: bearer(treasurer),
      })
    ).json();
    expect(tb.balanced).toBe(true);
    expect(tb.accounts.find((a: { code: string }) => a.code === 'opening_equity')).toMatchObject({
      type: 'equity',
      balance: -(3000 + 700 - 3600.5),
      name: 'Opening equity',
    });
    await app.expectBooksBalance();

    // The member repays this month's installment in the app: the books still agree, the
    // interest repaid before the import staying in opening equity.
    const repay = await postForm(
      app.app,
      '/api/save-monthly-payment',
      token,
      multipart({ payment_amount: '107' }),
    );
    expect(repay.statusCode, repay.body).toBe(200);
    const approved = await app.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${repay.json().payment.id}/approve`,
      headers: bearer(treasurer),
      payload: { amount: 107 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await app.expectBooksBalance();
    const after = (
      await app.app.inject({ method: 'GET', url: '/api/my-loans', headers: bearer(token) })
    ).json().items[0];
    expect(after).toMatchObject({ paid_amount: 428, remaining_amount: 642 });
    expect(
      (
        await app.app.inject({ method: 'GET', url: '/api/my-statement', headers: bearer(token) })
      ).json().lines[0],
    ).toMatchObject({ kind: 'repayment', loan_change: -107, loan_balance: 642 });

    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'import.apply'));
    expect(audit!.details).toMatchObject({ sha256: answer.import.file.sha256, members: 2 });
  });

  it('keeps no live link in the answer it keeps for a retry (Idempotency-Key)', async () => {
    const form = multipart(
      { as_of: asOf, opening_cash: '0', dry_run: 'false' },
      { file: { filename: 'k.csv', contentType: 'text/csv', data: csvOf([member()]) } },
    );
    const apply = () =>
      app.app.inject({
        method: 'POST',
        url: '/api/admin/imports',
        headers: { ...bearer(treasurer), ...form.headers, 'idempotency-key': 'import-key-1' },
        payload: form.payload,
      });
    const first = await apply();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().invitations).toHaveLength(1);
    const [kept] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'import-key-1'));
    expect(kept!.responseBody).not.toContain('set-password');
    const replay = await apply();
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ import: first.json().import, invitations: [] });
  });

  it('refuses the same file a second time (409), naming the earlier import', async () => {
    const file = csvOf([member()]);
    const first = await send(file, { dry_run: 'false' }, { token: treasurer, app });
    expect(first.statusCode).toBe(201);
    const again = expectError(
      await send(file, { dry_run: 'false' }, { token: treasurer, app }),
      409,
    );
    expect(again.message).toMatch(new RegExp(`import ${first.json().import.id}\\b`));
    expectError(await send(file, {}, { token: treasurer, app }), 409);
  });

  it('lists the imports with their file hash and who made them', async () => {
    // Two imports of its own: the other tests' may not have run before it.
    for (const file of [csvOf([member()]), csvOf([member()])]) {
      const imported = await send(file, { dry_run: 'false' }, { token: treasurer, app });
      expect(imported.statusCode, imported.body).toBe(201);
    }
    const list = (
      await app.app.inject({ method: 'GET', url: '/api/admin/imports', headers: bearer(treasurer) })
    ).json();
    expect(list.items.length).toBeGreaterThanOrEqual(2);
    expect(list.items[0]).toMatchObject({
      state: 'applied',
      file: { format: 'csv', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      confirmed_by: null,
    });
    expect(list.items[0].proposed_by.unique_id).toMatch(/^JM/);
  });
});

describe('with two admins, an import is proposed by one and confirmed by another', () => {
  let app: TestApp;
  let first: { token: string; id: number };
  let second: { token: string; id: number };
  beforeAll(async () => {
    app = await createTestApp({}, { mailer: logOnly });
    const a = await app.makeUser({ role: 'admin', name: 'Treasurer Fatima' });
    const b = await app.makeUser({ role: 'admin', name: 'Chair Yusuf' });
    first = { token: await app.login(a.email), id: a.id };
    second = { token: await app.login(b.email), id: b.id };
  });

  it('writes nothing when proposed; the proposer cannot confirm; the second admin applies it', async () => {
    const rows = [
      member(),
      member({
        loan_amount: '500',
        loan_term_months: '6',
        loan_disbursed: monthsAgo(1),
        loan_repaid: '0',
      }),
    ];
    const file = csvOf(rows);
    const before = (await app.db.select().from(users)).length;
    const proposed = await send(file, { dry_run: 'false' }, { token: first.token, app });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({
      pending_confirmation: true,
      proposal: { action: 'import.apply', amount: 10000, proposed_by: { id: first.id } },
      import: { state: 'proposed', members: 2, applied_at: null },
    });
    expect((await app.db.select().from(users)).length).toBe(before);
    const id = proposed.json().import.id;

    const confirm = (token: string) =>
      app.app.inject({
        method: 'POST',
        url: `/api/admin/imports/${id}/confirm`,
        headers: bearer(token),
      });
    expect(expectError(await confirm(first.token), 409).message).toMatch(
      /second admin must confirm/,
    );
    // Another file while one waits: refused, naming the one that waits.
    expect(
      expectError(
        await send(csvOf([member()]), { dry_run: 'false' }, { token: second.token, app }),
        409,
      ).message,
    ).toMatch(/members\.csv/);

    const done = await confirm(second.token);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().import).toMatchObject({
      id,
      state: 'applied',
      proposed_by: { id: first.id },
      confirmed_by: { id: second.id },
    });
    expect(done.json().invitations).toHaveLength(2);
    expect((await app.db.select().from(users)).length).toBe(before + 2);
    expectError(await confirm(second.token), 409);
    await app.expectBooksBalance();
  });

  it('a withdrawn proposal cannot be confirmed', async () => {
    const proposed = await send(
      csvOf([member()]),
      { dry_run: 'false' },
      { token: first.token, app },
    );
    expect(proposed.statusCode).toBe(202);
    const withdrawn = await app.app.inject({
      method: 'POST',
      url: `/api/admin/proposals/${proposed.json().proposal.id}/withdraw`,
      headers: bearer(second.token),
    });
    expect(withdrawn.statusCode).toBe(200);
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${proposed.json().import.id}/confirm`,
      headers: bearer(second.token),
    });
    expect(expectError(res, 409).message).toMatch(/withdrawn/);
    const list = (
      await app.app.inject({
        method: 'GET',
        url: '/api/admin/imports',
        headers: bearer(first.token),
      })
    ).json();
    expect(list.items[0]).toMatchObject({ id: proposed.json().import.id, state: 'withdrawn' });
  });

  it('a file withdrawn, then proposed again and applied, is refused a third time (409)', async () => {
    const file = csvOf([member()]);
    const propose = () => send(file, { dry_run: 'false' }, { token: first.token, app });
    const withdrawn = await propose();
    expect(withdrawn.statusCode).toBe(202);
    await app.app.inject({
      method: 'POST',
      url: `/api/admin/proposals/${withdrawn.json().proposal.id}/withdraw`,
      headers: bearer(first.token),
    });
    const again = await propose();
    expect(again.statusCode).toBe(202);
    const applied = await app.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${again.json().import.id}/confirm`,
      headers: bearer(second.token),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const third = expectError(await propose(), 409);
    expect(third.message).toMatch(new RegExp(`import ${again.json().import.id}\\b`));
    expectError(await send(file, {}, { token: second.token, app }), 409);
  });
});

describe('invitations by mail', () => {
  it("are mailed at once, each in its member's language, once", async () => {
    const rows = [member({ language: 'ar' }), member({ language: 'hi' })];
    const res = await send(csvOf(rows), { dry_run: 'false' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ invitations_mailed: true, invitations: [] });
    // The first go at once, without waiting for the job.
    const mailedTo = () => t.sentMails.filter((m) => rows.some((r) => r.email === m.to));
    await expect.poll(() => mailedTo().length).toBe(2);
    const mails = mailedTo();
    const toArabic = mails.find((m) => m.to === rows[0]!.email)!;
    expect(toArabic.text).toMatch(/[\u0600-\u06ff]/);
    expect(toArabic.text).toMatch(/\/set-password\?token=[^&\s]+&lang=ar/);
    expect(mails.find((m) => m.to === rows[1]!.email)!.text).toMatch(/[\u0900-\u097f]/);
    // The job finds nothing left to mail: each went once.
    const log = { warn: () => {} };
    const deps = { db: t.db, mailer: t.app.deps.mailer, publicUrl: 'http://jamiya.test' };
    expect(await mailImportInvitations(deps, new Date(), log)).toBe(0);
    expect(mailedTo()).toHaveLength(2);
  });
});

describe('invitations when the mail server fails', () => {
  it('are given back for the next run, and skip a member who set a password meanwhile', async () => {
    let down = true;
    const sent: string[] = [];
    const flaky = {
      delivers: true,
      async send(mail: { to: string }) {
        if (down) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
        sent.push(mail.to);
      },
    };
    const app = await createTestApp({}, { mailer: flaky });
    try {
      const user = await app.makeUser({ role: 'admin' });
      const token = await app.login(user.email);
      const rows = [member(), member(), member()];
      const res = await send(csvOf(rows), { dry_run: 'false' }, { token, app });
      expect(res.statusCode, res.body).toBe(201);
      await app.app.close(); // waits for the first go, which failed
      const log = { warn: () => {} };
      const deps = { db: app.db, mailer: flaky, publicUrl: 'http://jamiya.test' };
      expect(await mailImportInvitations(deps, new Date(), log)).toBe(0);
      // Meanwhile the second member set a password by Forgot password.
      await app.db
        .update(users)
        .set({ passwordHash: 'set-by-a-reset-link' })
        .where(eq(users.email, rows[1]!.email!));
      down = false;
      expect(await mailImportInvitations(deps, new Date(), log)).toBe(2);
      expect(sent.sort()).toEqual([rows[0]!.email, rows[2]!.email].sort());
      expect(await mailImportInvitations(deps, new Date(), log)).toBe(0);

      // A process that died mid-batch, having claimed the first member's and mailed nothing:
      // its claim stands for ten minutes, then another process mails it.
      const [first] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, rows[0]!.email!));
      const crashedAt = new Date();
      await app.db
        .update(importMembers)
        .set({ invitedAt: null, invitationClaimedAt: crashedAt })
        .where(eq(importMembers.userId, first!.id));
      sent.length = 0;
      const later = (minutes: number) => new Date(crashedAt.getTime() + minutes * 60_000);
      expect(await mailImportInvitations(deps, later(9), log)).toBe(0);
      expect(await mailImportInvitations(deps, later(11), log)).toBe(1);
      expect(sent).toEqual([rows[0]!.email]);
    } finally {
      await app.testDb.destroy();
    }
  });
});
