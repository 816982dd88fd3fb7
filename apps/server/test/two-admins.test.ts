import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../src/db/schema/ledger.ts';
import { passwordTokens } from '../src/db/schema/auth.ts';
import { users } from '../src/db/schema/users.ts';
import type { Mailer } from '../src/features/mail/mailer.ts';
import type { makeUser } from './harness.ts';
import {
  applyOverHttp,
  bearer,
  createTestApp,
  dubaiMonthStart,
  expectError,
  useTestApp,
  type TestApp,
} from './harness.ts';

// Issue 32, points 1 to 3: no money moves on one admin's word, and no admin gets into another
// admin's account. What an outside probe did, step by step, answered as it must be now
// (docs/domain/maker-checker.md lists every action that needs two admins).

const t = useTestApp();

function as(app: TestApp, token: string) {
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    } as InjectOptions);
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: object) => send('POST', url, payload),
  };
}

async function person(app: TestApp, overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await app.makeUser({ joinedOn: dubaiMonthStart(), ...overrides });
  const token = await app.login(user.email);
  return { user, token, api: as(app, token) };
}
type Person = Awaited<ReturnType<typeof person>>;

/** A member's approved loan of AED 1,000 over 3 months, approved by `admin`. */
async function approvedLoan(app: TestApp, borrower: Person, admin: Person): Promise<number> {
  const id = await applyOverHttp(app.app, borrower.token);
  expect((await admin.api.post(`/api/admin/loans/${id}/approve`)).statusCode).toBe(200);
  return id;
}

/** An active (paid out) loan: proposed by one admin, confirmed by the other. */
async function activeLoan(app: TestApp, borrower: Person, a: Person, b: Person): Promise<number> {
  const id = await approvedLoan(app, borrower, a);
  expect((await a.api.post(`/api/admin/loans/${id}/disburse`)).statusCode).toBe(202);
  expect((await b.api.post(`/api/admin/loans/${id}/disburse`)).statusCode).toBe(200);
  return id;
}

const entryCount = async (app: TestApp) => (await app.db.select().from(journalEntries)).length;
const statusOf = async (app: TestApp, id: number) =>
  (await app.db.select({ s: users.status }).from(users).where(eq(users.id, id)))[0]!.s;

describe('deactivating the other admin does not remove the second signature (point 1)', () => {
  // A database of its own: its tests count the active admins, whom the other blocks add to.
  const t = useTestApp();
  let treasurer: Person;
  let chair: Person;
  beforeAll(async () => {
    treasurer = await person(t, { role: 'admin', name: 'Treasurer Fatima' });
    chair = await person(t, { role: 'admin', isMember: true, name: 'Chair Yusuf' });
  });

  it("answers the probe's path: the deactivation is only proposed, and the payout stays waiting", async () => {
    await t.fundCash(200_000);
    const borrower = await person(t);
    const loanId = await approvedLoan(t, borrower, treasurer);
    expect((await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`)).statusCode).toBe(202);

    const deactivate = await treasurer.api.post(`/api/admin/members/${chair.user.id}/status`, {
      status: 'inactive',
    });
    expect(deactivate.statusCode, deactivate.body).toBe(202);
    expect(deactivate.json()).toMatchObject({
      pending_confirmation: true,
      proposal: {
        action: 'member.deactivate',
        member: { id: chair.user.id },
        amount: null,
        proposed_by: { id: treasurer.user.id },
      },
    });
    expect(await statusOf(t, chair.user.id)).toBe(1);
    expect((await treasurer.api.get('/api/admin/overview')).json().active_admins).toBe(2);

    const entries = await entryCount(t);
    expectError(await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`), 409);
    expect(await entryCount(t)).toBe(entries);
    // Repeating the deactivation is the proposer confirming herself: refused.
    expectError(
      await treasurer.api.post(`/api/admin/members/${chair.user.id}/status`, {
        status: 'inactive',
      }),
      409,
    );
    expect(await statusOf(t, chair.user.id)).toBe(1);

    // Withdrawn by the chair, the deactivation is gone; the chair pays the loan out.
    const open = (await chair.api.get('/api/admin/proposals')).json().items as {
      id: number;
      action: string;
    }[];
    const proposal = open.find((p) => p.action === 'member.deactivate')!;
    expect((await chair.api.post(`/api/admin/proposals/${proposal.id}/withdraw`)).statusCode).toBe(
      200,
    );
    expect((await chair.api.post(`/api/admin/loans/${loanId}/disburse`)).statusCode).toBe(200);
    await t.expectBooksBalance();
  });

  it('carries out a status change of an admin when a second admin confirms it, the target included', async () => {
    const third = await person(t, { role: 'admin', name: 'Auditor Omar' });
    expect(
      (
        await treasurer.api.post(`/api/admin/members/${third.user.id}/status`, {
          status: 'inactive',
        })
      ).statusCode,
    ).toBe(202);
    // The admin it is about may agree to it: a second signature all the same.
    const confirmed = await third.api.post(`/api/admin/members/${third.user.id}/status`, {
      status: 'inactive',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(t, third.user.id)).toBe(0);
    const audit = (await chair.api.get('/api/admin/audit?action=proposal.confirm')).json().items;
    expect(audit[0]).toMatchObject({
      details: {
        action: 'member.deactivate',
        proposedBy: 'Treasurer Fatima',
        confirmedBy: 'Auditor Omar',
      },
    });

    // Bringing an admin back is a change of who can sign too; a confirmation of other terms is refused.
    expect(
      (await treasurer.api.post(`/api/admin/members/${third.user.id}/status`, { status: 'active' }))
        .statusCode,
    ).toBe(202);
    expect(
      (await chair.api.post(`/api/admin/members/${third.user.id}/status`, { status: 'active' }))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(t, third.user.id)).toBe(1);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, third.user.id));
  });

  it("changes a member's status on one admin's word: a member signs nothing", async () => {
    const member = await person(t);
    const res = await treasurer.api.post(`/api/admin/members/${member.user.id}/status`, {
      status: 'inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t, member.user.id)).toBe(0);
  });

  it('never lets the proposer carry out her own payout or write-off, whatever the count of active admins', async () => {
    await t.fundCash(300_000);
    const borrower = await person(t);
    const payout = await approvedLoan(t, borrower, treasurer);
    expect((await treasurer.api.post(`/api/admin/loans/${payout}/disburse`)).statusCode).toBe(202);
    const other = await person(t);
    const active = await activeLoan(t, other, treasurer, chair);
    expect(
      (await treasurer.api.post(`/api/admin/loans/${active}/write-off`, { reason: 'Gone' }))
        .statusCode,
    ).toBe(202);

    // The chair is made inactive behind the app's back (the server's command line).
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, chair.user.id));
    try {
      expect((await treasurer.api.get('/api/admin/overview')).json().active_admins).toBe(1);
      const entries = await entryCount(t);
      expectError(await treasurer.api.post(`/api/admin/loans/${payout}/disburse`), 409);
      expectError(
        await treasurer.api.post(`/api/admin/loans/${active}/write-off`, { reason: 'Gone' }),
        409,
      );
      expect(await entryCount(t)).toBe(entries);
      // Alone, she withdraws her proposal and acts: a single active admin acts alone.
      const open = (await treasurer.api.get('/api/admin/proposals')).json().items as {
        id: number;
        loan_id: number;
      }[];
      const mine = open.find((p) => p.loan_id === payout)!;
      await treasurer.api.post(`/api/admin/proposals/${mine.id}/withdraw`);
      expect((await treasurer.api.post(`/api/admin/loans/${payout}/disburse`)).statusCode).toBe(
        200,
      );
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.id, chair.user.id));
    }
    await t.expectBooksBalance();
  });
});

describe("no admin gets a way into another admin's account (point 2)", () => {
  let treasurer: Person;
  let chair: Person;
  beforeAll(async () => {
    treasurer = await person(t, { role: 'admin', name: 'Treasurer Amal' });
    chair = await person(t, { role: 'admin', isMember: true, name: 'Chair Karim' });
  });

  const linksOf = async (app: TestApp, userId: number) =>
    app.db.select().from(passwordTokens).where(eq(passwordTokens.userId, userId));

  it("refuses a link for any admin's account, one's own included, and issues none", async () => {
    for (const target of [chair, treasurer]) {
      const refused = expectError(
        await treasurer.api.post(`/api/admin/members/${target.user.id}/password-reset`),
        403,
      );
      expect(refused.message).toMatch(/admin/i);
    }
    expect(await linksOf(t, chair.user.id)).toEqual([]);
    // The chair's session is untouched.
    expect((await chair.api.get('/api/profile')).statusCode).toBe(200);
  });

  it("needs a second admin for a member's link, ends the member's sessions and tells the member who issued it", async () => {
    const member = await person(t, { name: 'Member Noor' });
    const proposed = await treasurer.api.post(
      `/api/admin/members/${member.user.id}/password-reset`,
    );
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({
      pending_confirmation: true,
      proposal: { action: 'member.password_link', member: { id: member.user.id }, amount: null },
    });
    expect(proposed.json()).not.toHaveProperty('set_password_link');
    expect(await linksOf(t, member.user.id)).toEqual([]);
    expect((await member.api.get('/api/profile')).statusCode).toBe(200);
    expectError(
      await treasurer.api.post(`/api/admin/members/${member.user.id}/password-reset`),
      409,
    );

    const mailsBefore = t.sentMails.length;
    const issued = await chair.api.post(`/api/admin/members/${member.user.id}/password-reset`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ emailed: true, set_password_link: null });
    expect(await linksOf(t, member.user.id)).toHaveLength(1);
    // Every session of the member has ended.
    expectError(await member.api.get('/api/profile'), 401);
    // The link went to the member's own address.
    expect(t.sentMails.slice(mailsBefore).map((m) => m.to)).toContain(member.user.email);

    const token = await t.login(member.user.email);
    const inbox = (await as(t, token).get('/api/notifications')).json().items as {
      title: string;
      body: string;
    }[];
    const notice = inbox.find((n) => /password/i.test(n.title))!;
    expect(notice.body).toContain('Treasurer Amal');
    expect(notice.body).toContain('Chair Karim');
  });

  it('answers the link to the confirming admin only when it cannot be mailed', async () => {
    const quiet: Mailer = { delivers: false, async send() {} };
    const app = await createTestApp({}, { mailer: quiet });
    try {
      const a = await person(app, { role: 'admin', name: 'Admin A' });
      const b = await person(app, { role: 'admin', name: 'Admin B' });
      const member = await person(app);
      const proposed = await a.api.post(`/api/admin/members/${member.user.id}/password-reset`);
      expect(proposed.statusCode).toBe(202);
      const issued = await b.api.post(`/api/admin/members/${member.user.id}/password-reset`);
      expect(issued.statusCode, issued.body).toBe(200);
      expect(issued.json().emailed).toBe(false);
      expect(issued.json().set_password_link.url).toMatch(/\/set-password\?token=/);
      // Still never for an admin, mail or no mail.
      expectError(await a.api.post(`/api/admin/members/${b.user.id}/password-reset`), 403);
    } finally {
      await app.close();
    }
  });

  it('lets a single active admin issue a member link alone, with the same notice and sessions ended', async () => {
    const app = await createTestApp();
    try {
      const alone = await person(app, { role: 'admin', name: 'Only Admin' });
      const member = await person(app);
      const issued = await alone.api.post(`/api/admin/members/${member.user.id}/password-reset`);
      expect(issued.statusCode, issued.body).toBe(200);
      expectError(await member.api.get('/api/profile'), 401);
      const token = await app.login(member.user.email);
      const inbox = (await as(app, token).get('/api/notifications')).json().items as {
        body: string;
      }[];
      expect(inbox.some((n) => n.body.includes('Only Admin'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe("a cash repayment is not one admin's word (point 3)", () => {
  let treasurer: Person;
  let chair: Person;
  beforeAll(async () => {
    treasurer = await person(t, { role: 'admin', name: 'Treasurer Huda' });
    chair = await person(t, { role: 'admin', isMember: true, name: 'Chair Sami' });
  });

  it('is proposed by one admin and carried out by another, for the same amount', async () => {
    await t.fundCash(200_000);
    const borrower = await person(t);
    const loanId = await activeLoan(t, borrower, treasurer, chair);
    const entries = await entryCount(t);

    const proposed = await treasurer.api.post(`/api/admin/loans/${loanId}/repayments`, {
      amount: 535,
      note: 'Cash at the meeting',
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({
      pending_confirmation: true,
      loan: { id: loanId, state: 'active', paid_amount: 0 },
      proposal: { action: 'loan.cash_repayment', loan_id: loanId, amount: 535 },
    });
    expect(await entryCount(t)).toBe(entries);
    expectError(
      await treasurer.api.post(`/api/admin/loans/${loanId}/repayments`, { amount: 535 }),
      409,
    );
    const otherAmount = expectError(
      await chair.api.post(`/api/admin/loans/${loanId}/repayments`, { amount: 500 }),
      409,
    );
    expect(otherAmount.message).toContain('535');
    expect(await entryCount(t)).toBe(entries);

    const done = await chair.api.post(`/api/admin/loans/${loanId}/repayments`, { amount: 535 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().loan).toMatchObject({ id: loanId, paid_amount: 535, state: 'active' });
    expect(await entryCount(t)).toBe(entries + 1);
    const audit = (await chair.api.get('/api/admin/audit?action=proposal.confirm')).json().items;
    expect(audit[0]).toMatchObject({
      details: {
        action: 'loan.cash_repayment',
        proposedBy: 'Treasurer Huda',
        confirmedBy: 'Chair Sami',
      },
    });
    await t.expectBooksBalance();
  });

  it('closing the loan in cash needs the second admin too', async () => {
    await t.fundCash(200_000);
    const borrower = await person(t);
    const loanId = await activeLoan(t, borrower, chair, treasurer);
    expect(
      (await chair.api.post(`/api/admin/loans/${loanId}/repayments`, { amount: 535 })).statusCode,
    ).toBe(202);
    expect(
      (await treasurer.api.post(`/api/admin/loans/${loanId}/repayments`, { amount: 535 }))
        .statusCode,
    ).toBe(200);
    const closing = await chair.api.post(`/api/admin/loans/${loanId}/repayments`, {
      amount: 535,
    });
    expect(closing.statusCode, closing.body).toBe(202);
    const loan = (await chair.api.get(`/api/admin/loans/${loanId}`)).json();
    expect(loan.state).toBe('active');
    await t.expectBooksBalance();
  });
});

describe("a loan's proposal names the member whose loan it is", () => {
  it('in the answer that proposes it, the list, the overview and the withdrawal', async () => {
    const treasurer = await person(t, { role: 'admin', name: 'Treasurer Noor' });
    const chair = await person(t, { role: 'admin', isMember: true, name: 'Chair Idris' });
    await t.fundCash(200_000);
    const borrower = await person(t, { name: 'Borrower Salma' });
    const loanId = await approvedLoan(t, borrower, treasurer);
    const proposed = await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`);
    expect(proposed.statusCode).toBe(202);
    const named = { id: borrower.user.id, name: 'Borrower Salma' };
    expect(proposed.json().proposal).toMatchObject({ loan_id: loanId, member: named });

    type Item = { id: number; loan_id: number | null; member: unknown };
    const listed = (await chair.api.get('/api/admin/proposals')).json().items as Item[];
    const mine = listed.find((p) => p.loan_id === loanId)!;
    expect(mine.member).toMatchObject(named);
    const overview = (await chair.api.get('/api/admin/overview')).json().proposals as Item[];
    expect(overview.find((p) => p.loan_id === loanId)!.member).toMatchObject(named);

    const withdrawn = await chair.api.post(`/api/admin/proposals/${mine.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().proposal).toMatchObject({ loan_id: loanId, member: named });
  });
});
