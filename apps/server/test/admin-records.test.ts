import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { editableSettings } from './settings-body.ts';
import { and, eq } from 'drizzle-orm';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { bearer, createTestApp, expectError, multipart, useTestApp } from './harness.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { renderNotice } from '../src/features/notifications/texts.ts';
import { membershipApplications } from '../src/db/schema/membership.ts';
import { users } from '../src/db/schema/users.ts';
import { localDate } from '../src/lib/calendar.ts';
import { memberSavingsFils } from '../src/features/ledger/balances.ts';
import { activeLoanOverHttp, signedInAdmin } from './signed-in.ts';

const t = useTestApp();
let adminId: number;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['call'];

beforeAll(async () => {
  // Cash for the loans this file pays out (cash never goes below zero).
  await t.fundCash(10_000_000);
  const treasurer = await signedInAdmin(t);
  adminId = treasurer.user.id;
  admin = treasurer.call;
});

const thisMonth = () => MONTH_NAMES[Number(localDate(new Date()).slice(5, 7)) - 1]!;

async function newMember(name?: string) {
  const user = await t.makeUser({
    joinedOn: `${localDate(new Date()).slice(0, 7)}-01`,
    ...(name ? { name } : {}),
  });
  return { user, token: await t.login(user.email) };
}

/** A member's dues for this month, submitted with a receipt and approved by the admin. */
async function paidDues(token: string, amount = '200') {
  const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  const form = multipart(
    { payment_amount: amount, month: thisMonth(), account_number: 'AE07' },
    { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: photo } },
  );
  const res = await t.postForm('/api/save-monthly-payment', token, form);
  const id = res.json().payment.id as number;
  expect((await admin('POST', `/api/admin/payments/${id}/approve`)).statusCode).toBe(200);
  return id;
}

const activeLoan = (token: string, amount = 1000) => activeLoanOverHttp(t, token, admin, amount);

/** The token of a one-time link (the part after ?token=). */
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
/** The one-time link in the newest mail to `email` (mail is set up in these tests). */
const mailedLink = (email: string) => {
  const mail = t.sentMails.filter((m) => m.to === email).at(-1);
  const url = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!url) throw new Error(`no link mailed to ${email}`);
  return url;
};

describe('the overview', () => {
  it('adds up savings, loans, cash and what awaits a decision, with 12 months of history', async () => {
    const before = (await admin('GET', '/api/admin/overview')).json();
    expect(before.history).toHaveLength(12);
    expect(before.history.at(-1).month).toBe(localDate(new Date()).slice(0, 7));

    const { token } = await newMember();
    await paidDues(token, '150');
    await activeLoan(token, 1000);
    await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: {
        name: 'Applicant One',
        email: `applicant-${Date.now()}@example.test`,
        mobile: '+971 50 111 2222',
        national_id: 'N123',
        address: 'Deira, Dubai',
      },
    });

    const after = (await admin('GET', '/api/admin/overview')).json();
    expect(after.savings_held).toBeCloseTo(before.savings_held + 150, 2);
    expect(after.loans_outstanding).toBeCloseTo(before.loans_outstanding + 1000, 2);
    expect(after.cash_in_hand).toBeCloseTo(before.cash_in_hand + 150 - 1000, 2);
    expect(after.membership_applications_pending).toBe(before.membership_applications_pending + 1);
    expect(after.members.active).toBe(before.members.active + 1);
    expect(after.history.at(-1)).toEqual({
      month: localDate(new Date()).slice(0, 7),
      savings: after.savings_held,
      loans_outstanding: after.loans_outstanding,
    });
    await t.expectBooksBalance();
  });
});

describe('members', () => {
  it('searches by name, email, member ID and status, a page at a time', async () => {
    const { user } = await newMember('Fatima Searchable');
    const byName = (await admin('GET', '/api/admin/members?q=searchable')).json();
    expect(byName.items.map((m: { id: number }) => m.id)).toEqual([user.id]);
    expect(byName.items[0]).toMatchObject({ status: 'active', savings: 0, loan_outstanding: 0 });
    const byId = (await admin('GET', `/api/admin/members?q=${user.uniqueId}`)).json();
    expect(byId.items[0].id).toBe(user.id);
    // % and _ are taken literally, not as patterns.
    expect((await admin('GET', '/api/admin/members?q=%25')).json().items).toEqual([]);

    const first = (await admin('GET', '/api/admin/members?limit=2')).json();
    expect(first.items).toHaveLength(2);
    const second = (
      await admin('GET', `/api/admin/members?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second.items[0].id).toBeLessThan(first.items[1].id);
    expectError(await admin('GET', '/api/admin/members?status=gone'), 400);
  });

  it('creates a member with a one-time link that sets the password once', async () => {
    const email = `new-${Date.now()}@example.test`;
    const res = await admin('POST', '/api/admin/members', {
      name: 'Joseph New',
      email,
      mobile: '0501234567',
      national_id: 'P7654321',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.member).toMatchObject({
      name: 'Joseph New',
      email,
      role: 'member',
      status: 'active',
    });
    // Mail is set up: the link goes to the member alone, never to the admin.
    expect(body).toMatchObject({ set_password_link: null, emailed: true });
    await vi.waitFor(() => mailedLink(email));

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password/set',
      payload: {
        token: tokenOf(mailedLink(email)),
        password: 'a long new passphrase',
        password_confirmation: 'a long new passphrase',
      },
    });
    expect(set.statusCode).toBe(200);
    await t.login(email, 'a long new passphrase');

    expectError(
      await admin('POST', '/api/admin/members', { name: 'Again', email, mobile: '0501234567' }),
      409,
    );
    const bad = expectError(
      await admin('POST', '/api/admin/members', { name: '', email: 'x' }),
      422,
    );
    expect(Object.keys(bad.errors!)).toEqual(expect.arrayContaining(['name', 'email', 'mobile']));
    const audit = (await admin('GET', '/api/admin/audit?action=member.create')).json().items;
    expect(audit[0]).toMatchObject({ actor: { id: adminId }, target_id: String(body.member.id) });
  });

  it("shows a member's balances, loans, submissions and a statement whose balance is the ledger's", async () => {
    const { user, token } = await newMember();
    await paidDues(token, '200');
    const loanId = await activeLoan(token, 600);
    await admin('POST', `/api/admin/loans/${loanId}/repayments`, { amount: 100 });

    const detail = (await admin('GET', `/api/admin/members/${user.id}`)).json();
    expect(detail.member).toMatchObject({ id: user.id, savings: 200 });
    expect(detail.loans.map((l: { id: number; state: string }) => [l.id, l.state])).toEqual([
      [loanId, 'active'],
    ]);
    expect(detail.payments).toHaveLength(1);
    expect(detail.statement.map((l: { kind: string }) => l.kind)).toEqual([
      'repayment',
      'disbursement',
      'dues',
    ]);
    const [latest] = detail.statement;
    expect(latest.savings_balance * 100).toBe(await memberSavingsFils(t.db, user.id));
    // The loan owed in all (600 at 7 %: 642), and its principal, the books' receivable.
    expect(detail.statement[1]).toMatchObject({
      loan_change: 642,
      loan_balance: 642,
      loan_principal_change: 600,
      loan_principal_balance: 600,
    });
    expect(latest.loan_balance).toBe(542);
    expect(latest.loan_principal_balance).toBeLessThan(600);
    expectError(await admin('GET', '/api/admin/members/999999'), 404);

    const csv = await admin('GET', `/api/admin/members/${user.id}/statement.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(user.uniqueId);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,entry,kind,description,savings_change_aed,loan_change_aed,savings_balance_aed,loan_balance_aed,loan_principal_change_aed,loan_interest_change_aed,kind_code',
    );
    expect(lines).toHaveLength(4);
    // The repayment lowers the loan: a negative amount, written as a number.
    expect(lines[1]).toMatch(
      /,Loan repayment,.*,0\.00,-100\.00,200\.00,542\.00,-\d+\.\d\d,-\d+\.\d\d,repayment$/,
    );
    expect(lines[3]).toContain(',Dues,');
    expect(lines[3]).toContain(',200.00,0.00,200.00,0.00');
  });

  it('escapes cells a spreadsheet would run as formulas', async () => {
    const { user, token } = await newMember('=HYPERLINK("http://evil")');
    await paidDues(token);
    const csv = (await admin('GET', `/api/admin/members/${user.id}/statement.csv`)).body;
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('deactivates (ending the sessions) and reactivates, refusing a repeat and the admin themself', async () => {
    const { user, token } = await newMember();
    const off = await admin('POST', `/api/admin/members/${user.id}/status`, {
      status: 'inactive',
      reason: 'moved away',
    });
    expect(off.json().member.status).toBe('inactive');
    expectError(await t.app.inject({ url: '/api/profile', headers: bearer(token) }), 401);
    // An inactive member may sign in and read, but not borrow.
    const again = await t.login(user.email);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        headers: bearer(again),
        payload: { loan_amount: 1000, duration_month: 3, bank_account: 'B', passport_or_nid: 'P' },
      }),
      403,
    );
    expectError(
      await admin('POST', `/api/admin/members/${user.id}/status`, { status: 'inactive' }),
      409,
    );
    expect(
      (await admin('POST', `/api/admin/members/${user.id}/status`, { status: 'active' })).json()
        .member.status,
    ).toBe('active');
    expectError(
      await admin('POST', `/api/admin/members/${adminId}/status`, { status: 'inactive' }),
      409,
    );
    expectError(
      await admin('POST', `/api/admin/members/${user.id}/status`, { status: 'gone' }),
      422,
    );
    expectError(await admin('POST', '/api/admin/members/999999/status', { status: 'active' }), 404);
    const audit = (await admin('GET', '/api/admin/audit?action=member.deactivate')).json().items;
    expect(audit[0]).toMatchObject({ target_id: String(user.id), reason: 'moved away' });
  });

  it('mails a password-reset link to the account alone, tells its owner, and only the newest works', async () => {
    const { user } = await newMember();
    const reset = async () => {
      const before = t.sentMails.length;
      const answer = (await admin('POST', `/api/admin/members/${user.id}/password-reset`)).json();
      // The admin never holds a live link to someone else's account when mail is set up.
      expect(answer).toMatchObject({ set_password_link: null, emailed: true });
      await vi.waitFor(() => expect(t.sentMails.length).toBeGreaterThan(before));
      return { set_password_link: { url: mailedLink(user.email) } };
    };
    const first = await reset();
    const second = await reset();
    expect(second.set_password_link.url).not.toBe(first.set_password_link.url);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'password_link')));
    expect(told).toHaveLength(2);
    expect(renderNotice(told[0]!.params, 'en').body).toMatch(/If you did not ask for it/);
    const use = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/set',
        payload: {
          token: tokenOf(url),
          password: 'another fine passphrase',
          password_confirmation: 'another fine passphrase',
        },
      });
    expectError(await use(first.set_password_link.url), 422);
    expect((await use(second.set_password_link.url)).statusCode).toBe(200);
    expectError(await use(second.set_password_link.url), 422);
    await t.login(user.email, 'another fine passphrase');
    expectError(await admin('POST', '/api/admin/members/999999/password-reset'), 404);
  });
});

describe('membership applications', () => {
  async function apply(email = `join-${Date.now()}-${Math.random()}@example.test`) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: {
        name: 'Priya Applicant',
        email,
        mobile: '+971 55 000 1111',
        national_id: 'Z9988776',
        address: 'Al Nahda, Sharjah',
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.email, email));
    return row!;
  }

  it('accepts one: the member exists with the application details and a link', async () => {
    const application = await apply();
    const list = (await admin('GET', '/api/admin/applications')).json();
    expect(list.items.map((a: { id: number }) => a.id)).toContain(application.id);
    const res = await admin('POST', `/api/admin/applications/${application.id}/accept`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.application).toMatchObject({ status: 'accepted', member_id: body.member.id });
    expect(body.member).toMatchObject({
      name: 'Priya Applicant',
      national_id: 'Z9988776',
      address: 'Al Nahda, Sharjah',
      joined_on: localDate(new Date()),
    });
    expect(body).toMatchObject({ set_password_link: null, emailed: true });
    expectError(await admin('POST', `/api/admin/applications/${application.id}/accept`), 409);
    expectError(
      await admin('POST', `/api/admin/applications/${application.id}/reject`, { reason: 'x' }),
      409,
    );
    const accepted = (await admin('GET', '/api/admin/applications?status=accepted')).json();
    expect(accepted.items[0].id).toBe(application.id);
  });

  it('rejects one with a reason; refuses an email that is already a member', async () => {
    const application = await apply();
    expectError(await admin('POST', `/api/admin/applications/${application.id}/reject`, {}), 422);
    const res = await admin('POST', `/api/admin/applications/${application.id}/reject`, {
      reason: 'Not a resident of the UAE.',
    });
    expect(res.json().application).toMatchObject({
      status: 'rejected',
      reason: 'Not a resident of the UAE.',
    });

    const { user } = await newMember();
    // The public call answers the same for a member's email and writes nothing; an
    // application that slipped in before the member existed is refused on acceptance.
    const [row] = await t.db
      .insert(membershipApplications)
      .values({
        name: 'Dup',
        email: user.email,
        mobile: '0500000000',
        nationalId: 'N',
        address: 'A',
      })
      .returning();
    expectError(await admin('POST', `/api/admin/applications/${row!.id}/accept`), 409);
    const [still] = await t.db
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.id, row!.id));
    expect(still!.status).toBe('pending');
    expectError(await admin('POST', '/api/admin/applications/999999/accept'), 404);
  });
});

describe('settings', () => {
  const valid = {
    association_name: 'Jamiya Al Nahda',
    monthly_due: 250,
    loan_policy: {
      minimum: 500,
      maximum: 3000,
      step: 100,
      default: 1000,
      terms: [6, 1, 3],
      allow_custom_term: true,
      max_custom_term: 24,
    },
    terms_text: 'Repay on time.',
  };

  it('saves what the member app then reads, and audits the change', async () => {
    const before = (await admin('GET', '/api/admin/settings')).json();
    const res = await admin('PUT', '/api/admin/settings', valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      association_name: 'Jamiya Al Nahda',
      monthly_due: 250,
      loan_policy: { maximum: 3000, terms: [1, 3, 6] },
    });
    const pub = (await t.app.inject({ url: '/api/settings' })).json();
    expect(pub.loan_policy.maximum).toBe(3000);
    const audit = (await admin('GET', '/api/admin/audit?action=settings.')).json().items;
    expect(audit[0].details.before.monthly_due).toBe(before.monthly_due);
    expect(audit[0].details.after.monthly_due).toBe(250);
    // Put the defaults back for the other tests of this file.
    expect((await admin('PUT', '/api/admin/settings', editableSettings(before))).statusCode).toBe(
      200,
    );
  });

  it('refuses a field it would not change (read-only or unknown) instead of saying "saved"', async () => {
    const before = (await admin('GET', '/api/admin/settings')).json();
    const rate = expectError(
      await admin('PUT', '/api/admin/settings', {
        ...valid,
        loan_policy: { ...valid.loan_policy, interest_rate_percent: 5 },
      }),
      422,
    );
    expect(rate.errors?.['loan_policy.interest_rate_percent']).toEqual([
      'interest_rate_percent cannot be changed here.',
    ]);
    const unknown = expectError(
      await admin('PUT', '/api/admin/settings', { ...valid, currency: 'USD' }),
      422,
    );
    expect(unknown.errors?.currency).toEqual(['currency cannot be changed here.']);
    expect((await admin('GET', '/api/admin/settings')).json()).toEqual(before);
  });

  it('refuses a policy that does not hold together, field by field', async () => {
    const bad = expectError(
      await admin('PUT', '/api/admin/settings', {
        ...valid,
        monthly_due: -5,
        loan_policy: {
          ...valid.loan_policy,
          minimum: 3000,
          maximum: 500,
          default: 4000,
          terms: [3, 3],
        },
      }),
      422,
    );
    expect(Object.keys(bad.errors!)).toEqual(expect.arrayContaining(['monthly_due']));
    const cross = expectError(
      await admin('PUT', '/api/admin/settings', {
        ...valid,
        loan_policy: { ...valid.loan_policy, step: 300, default: 4000, terms: [3, 3] },
      }),
      422,
    );
    expect(Object.keys(cross.errors!)).toEqual(
      expect.arrayContaining(['loan_policy.step', 'loan_policy.default', 'loan_policy.terms']),
    );
    expect((await admin('GET', '/api/admin/settings')).json().association_name).not.toBe('x');
  });
});

describe('the books', () => {
  it('answers a balanced trial balance and a journal whose postings balance, by page and member', async () => {
    const { user, token } = await newMember();
    await paidDues(token, '180');
    const tb = (await admin('GET', '/api/admin/ledger/trial-balance')).json();
    expect(tb.balanced).toBe(true);
    expect(tb.total_debits).toBe(tb.total_credits);
    expect(tb.accounts.find((a: { code: string }) => a.code === 'savings:*')).toMatchObject({
      type: 'liability',
    });
    const accountRows = (await admin('GET', '/api/admin/ledger/trial-balance.csv')).body;
    expect(accountRows).toMatch(
      new RegExp(`^liability,savings:${user.id},.*,0\\.00,180\\.00,-180\\.00$`, 'm'),
    );

    const mine = (await admin('GET', `/api/admin/ledger/entries?member_id=${user.id}`)).json();
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ kind: 'dues', created_by: { id: adminId } });
    const sides = mine.items[0].postings.reduce(
      (s: { d: number; c: number }, p: { debit: number; credit: number }) => ({
        d: s.d + p.debit,
        c: s.c + p.credit,
      }),
      { d: 0, c: 0 },
    );
    expect(sides).toEqual({ d: 180, c: 180 });

    const first = (await admin('GET', '/api/admin/ledger/entries?limit=1')).json();
    const next = (
      await admin('GET', `/api/admin/ledger/entries?limit=1&cursor=${first.next_cursor}`)
    ).json();
    expect(next.items[0].id).toBeLessThan(first.items[0].id);
    const dues = (await admin('GET', '/api/admin/ledger/entries?kind=dues&limit=100')).json();
    expect(dues.items.every((e: { kind: string }) => e.kind === 'dues')).toBe(true);
    expectError(await admin('GET', '/api/admin/ledger/entries?kind=theft'), 400);

    const csv = await admin('GET', '/api/admin/ledger/entries.csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csv.body.trim().split('\r\n').slice(1);
    const total = (col: number) =>
      rows.reduce((s, r) => s + Math.round(Number(r.split(',').at(col)) * 100), 0);
    expect(total(-2)).toBe(total(-1));
    expect(total(-2)).toBe(Math.round(tb.total_debits * 100));
  });

  it('keeps the audit log newest first, by page', async () => {
    // Three rows of its own at least, whatever the file's other tests have audited by then.
    for (const n of [1, 2, 3]) {
      const made = await admin('POST', '/api/admin/members', {
        name: `Audited Member ${n}`,
        email: `audited-${n}-${Date.now()}@example.test`,
        mobile: '0501234567',
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const first = (await admin('GET', '/api/admin/audit?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
    const next = (
      await admin('GET', `/api/admin/audit?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(next.items[0].id).toBeLessThan(first.items[1].id);
    expectError(await admin('GET', '/api/admin/audit?cursor=abc'), 400);
  });
});

describe('two admins at once (PostgreSQL)', () => {
  it('accept the same application: one member, the other 409', async () => {
    const email = `race-${Date.now()}@example.test`;
    const [row] = await t.db
      .insert(membershipApplications)
      .values({ name: 'Race', email, mobile: '0500000000', nationalId: 'N', address: 'A' })
      .returning();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin('POST', `/api/admin/applications/${row!.id}/accept`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('deactivate the same member: one change', async () => {
    const { user } = await newMember();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin('POST', `/api/admin/members/${user.id}/status`, { status: 'inactive' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('an admin made inactive', () => {
  it('loses the admin calls', async () => {
    const other = await t.makeUser({ role: 'admin' });
    const proposed = await admin('POST', `/api/admin/members/${other.id}/status`, {
      status: 'inactive',
    });
    expect(proposed.statusCode).toBe(202);
    // The second signature: the admin concerned agrees.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${other.id}/status`,
      headers: bearer(await t.login(other.email)),
      payload: { status: 'inactive' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const token = await t.login(other.email);
    expectError(await t.app.inject({ url: '/api/admin/overview', headers: bearer(token) }), 403);
  });
});

describe('a password link when no mail server is set up', () => {
  it('is handed to the admin, as the only way it can reach the member, and the owner is told', async () => {
    const own = await createTestApp({}, { mailer: { delivers: false, send: async () => {} } });
    try {
      const adminUser = await own.makeUser({ role: 'admin' });
      const adminToken = await own.login(adminUser.email);
      const member = await own.makeUser();
      const res = await own.app.inject({
        method: 'POST',
        url: `/api/admin/members/${member.id}/password-reset`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(res.json()).toMatchObject({
        emailed: false,
        set_password_link: { url: expect.stringContaining('/set-password?token=') },
      });
      const told = await own.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'password_link')));
      expect(told).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
