import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  bearer,
  createTestApp,
  expectError,
  loanApplication,
  login,
  multipart,
  paidDues,
  postForm,
  useTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { applyForLoan } from '../loans/apply.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import { installmentsOf } from '../loans/installments.ts';
import { applyRepayment } from '../loans/repayment.ts';
import { notify } from '../notifications/notify.ts';
import { booksBeganOn } from '../ledger/public.ts';
import { arrearsReport } from './report.ts';

// The arrears desk (docs/domain/arrears.md) against an example worked out by hand, on
// 15 June 2027: three loans of AED 1,000 over 3 months (principal 333.34, 333.33 and 333.33
// a month), and members behind on dues by 1 and 3 months.

const t = useTestApp();
const at = (day: string) => new Date(`${day}T08:00:00Z`); // noon in Dubai
const TODAY = '2027-06-15';

async function borrower(
  on: TestApp,
  admin: Actor,
  disbursedOn: string,
  mobile: string | null = null,
) {
  const user = await on.makeUser({ joinedOn: '2027-01-01', mobile });
  // Dues paid to May: only the loan is behind.
  await paidDues(on.db, user.id, ['2027-01', '2027-02', '2027-03', '2027-04', '2027-05']);
  const loan = await applyForLoan(on.db, user.id, loanApplication(), at(disbursedOn));
  await approveLoan(on.db, loan.id, admin, at(disbursedOn));
  await disburseLoan(on.db, loan.id, admin, at(disbursedOn));
  return { user, loanId: loan.id };
}

/** The example worked out by hand (above) on `on`'s database: its borrowers and members. */
async function handWorkedExample(on: TestApp) {
  // The money to lend, brought by someone who is no member.
  const funder = await on.fundCash(10_000_000, at('2026-12-01'));
  await on.db.update(users).set({ isMember: false }).where(eq(users.id, funder.id));
  const admin: Actor = {
    id: (await on.makeUser({ role: 'admin', isMember: false })).id,
    role: 'admin',
  };
  // A: due 10 Feb, 10 Mar, 10 Apr, nothing paid: more than 90 days late.
  const a = await borrower(on, admin, '2027-01-10', '+91 98765 43210');
  // B: due 20 May, 20 Jun, 20 Jul: the first 26 days late, not yet at risk.
  const b = await borrower(on, admin, '2027-04-20');
  // C: due 1 Apr (paid that day), 1 May, 1 Jun: 45 days late, at risk over 30, not 90.
  const c = await borrower(on, admin, '2027-03-01');
  const [first] = await installmentsOf(on.db, c.loanId);
  await on.db.transaction((tx) =>
    applyRepayment(tx, {
      loanId: c.loanId,
      amountFils: first!.amountFils,
      actor: admin,
      now: at('2027-04-01'),
    }),
  );
  // D: joined in March, paid nothing: March, April, May behind. E: May behind. F: May's receipt
  // waits for review, so not behind.
  const d = await on.makeUser({ joinedOn: '2027-03-01', mobile: '050 123 4567', language: 'ml' });
  const e = await on.makeUser({ joinedOn: '2027-05-01' });
  const f = await on.makeUser({ joinedOn: '2027-05-01' });
  await on.db.insert(payments).values({
    userId: f.id,
    kind: 'dues',
    period: '2027-05',
    amountFils: 20_000,
    createdAt: at('2027-06-10'),
  });
  await notify(on.db, {
    userId: d.id,
    kind: 'dues_reminder',
    text: 'duesDueSoon',
    values: {
      month: { month: '2027-06' },
      day: { day: '2027-06-01' },
      amount: 'AED 200',
      instructions: '',
    },
    at: at('2027-05-29'),
  });
  return { a, b, c, d, e, f };
}

let a: Awaited<ReturnType<typeof borrower>>;
let b: Awaited<ReturnType<typeof borrower>>;
let c: Awaited<ReturnType<typeof borrower>>;
let d: { id: number; email: string };
let e: { id: number };
let f: { id: number };

// The figures the tests read are the whole association's: a test that changes the example
// (a member's profile) tells it on a database of its own.
beforeAll(async () => {
  ({ a, b, c, d, e, f } = await handWorkedExample(t));
});

describe('the arrears desk', () => {
  it('works out PAR30 and PAR90 from the principal outstanding', async () => {
    const report = await arrearsReport(t.db, TODAY);
    // A 1,000 + B 1,000 + C 1,000 - 333.34 = 2,666.66 outstanding.
    expect(report.loans).toEqual({
      outstanding: 2_666.66,
      at_risk_30: 1_666.66, // A and C
      at_risk_90: 1_000, // A
      par30: 62.5, // 1,666.66 / 2,666.66 = 62.49998 %
      par90: 37.5, // 1,000 / 2,666.66 = 37.50009 %
    });
  });

  it('reads PAR30 at each month’s end as it stood then', async () => {
    const { par30_trend } = await arrearsReport(t.db, TODAY);
    // From the month the books began (the fund's cash on 1 December, or an entry of this
    // file made today, before it), not 12 months back: before it the association's loans were
    // not in Jamiya (issue 50).
    const began = (await booksBeganOn(t.db))!.slice(0, 7);
    expect(began <= '2026-12').toBe(true);
    expect(par30_trend[0]!.month).toBe(began);
    expect(par30_trend.map((p) => p.month)).not.toContain('2026-07');
    const byMonth = Object.fromEntries(par30_trend.map((p) => [p.month, p.par30]));
    expect(byMonth).toMatchObject({
      '2026-12': 0, // no loan yet
      '2027-01': 0, // A's first installment not due
      '2027-02': 0, // due 10 Feb: 18 days late on the 28th
      '2027-03': 50, // A late (49 days) of A and C
      '2027-04': 37.5, // A of A, B and C less its first principal: 1,000 / 2,666.66
      '2027-05': 37.5, // C's 1 May is 30 days late on the 31st, not more
      '2027-06': 62.5,
    });
  });

  it('buckets the dues behind by months, a receipt under review aside', async () => {
    const { dues } = await arrearsReport(t.db, TODAY);
    expect(dues.buckets).toEqual([
      { months: '1', members: 1, amount: 200 }, // E
      { months: '2', members: 0, amount: 0 },
      { months: '3+', members: 1, amount: 600 }, // D
    ]);
  });

  it('lists who is behind, oldest first, with what each owes and how to reach them', async () => {
    const { members } = await arrearsReport(t.db, TODAY);
    expect(members.map((m) => [m.member.id, m.oldest_due_on, m.owed])).toEqual([
      [a.user.id, '2027-02-10', 1_070], // three installments
      [d.id, '2027-03-01', 600],
      [c.user.id, '2027-05-01', 713.33], // 356.67 + 356.66
      [e.id, '2027-05-01', 200],
      [b.user.id, '2027-05-20', 356.67],
    ]);
    const byId = new Map(members.map((m) => [m.member.id, m]));
    expect(byId.get(d.id)).toMatchObject({
      months_behind: 3,
      dues_owed: 600,
      loan_overdue: 0,
      call_url: 'tel:+971501234567',
      last_reminder_at: at('2027-05-29').toISOString(),
    });
    const message = new URL(byId.get(d.id)!.whatsapp_url!);
    expect(message.origin + message.pathname).toBe('https://wa.me/971501234567');
    // In D's language, Malayalam, with the amount and the day.
    expect(message.searchParams.get('text')).toMatch(/^നമസ്കാരം, /);
    expect(message.searchParams.get('text')).toContain('600');
    expect(byId.get(a.user.id)).toMatchObject({
      months_behind: 0,
      loan_overdue: 1_070,
      call_url: 'tel:+919876543210',
      last_reminder_at: null,
    });
    expect(byId.get(a.user.id)!.whatsapp_url).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(byId.get(e.id)).toMatchObject({ mobile: null, call_url: null, whatsapp_url: null });
    expect(byId.has(f.id)).toBe(false);

    // The first `limit` of them, and how many there are in all.
    const two = await arrearsReport(t.db, TODAY, 2);
    expect(two.members).toEqual(members.slice(0, 2));
    expect([two.members_total, (await arrearsReport(t.db, TODAY)).members_total]).toEqual([5, 5]);
  });

  it('carries no text the member wrote, and says when they changed their name or mobile', async () => {
    // D's name and mobile change for good: the example on a database of its own.
    const own = await createTestApp();
    try {
      const { d } = await handWorkedExample(own);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at('2027-06-10'));
      try {
        const token = await own.login(d.email);
        const changed = await postForm(
          own.app,
          '/api/profile/update',
          token,
          multipart({
            name: 'Please pay at https://evil.example/pay',
            wallet: 'Botim 1',
            mobile: '+971 55 000 0000',
          }),
        );
        expect(changed.statusCode, changed.body).toBe(200);
      } finally {
        vi.useRealTimers();
      }
      const theirs = async (day: string) =>
        (await arrearsReport(own.db, day)).members.find((m) => m.member.id === d.id)!;
      const now = await theirs(TODAY);
      const text = new URL(now.whatsapp_url!).searchParams.get('text')!;
      expect(now.whatsapp_url).toMatch(/^https:\/\/wa\.me\/971550000000\?text=/);
      expect(text).not.toContain('evil');
      expect(text).not.toContain('Please pay at');
      expect(now.contact_changed_at).toBe(at('2027-06-10').toISOString());
      // Beyond 30 days, it is no longer news.
      expect((await theirs('2027-07-11')).contact_changed_at).toBeNull();
    } finally {
      await own.close();
    }
  });

  it('leaves out a member who is no longer active', async () => {
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, e.id));
    try {
      const { members, dues } = await arrearsReport(t.db, TODAY);
      expect(members.some((m) => m.member.id === e.id)).toBe(false);
      expect(dues.buckets[0]).toEqual({ months: '1', members: 0, amount: 0 });
    } finally {
      // E active again, failed or not: the other tests count them.
      await t.db.update(users).set({ status: 1 }).where(eq(users.id, e.id));
    }
  });

  it('answers GET /api/admin/arrears to an admin only', async () => {
    const token = await login(t.app, (await t.makeUser({ role: 'admin', isMember: false })).email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/arrears',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual([
      'as_of',
      'loans',
      'par30_trend',
      'dues',
      'members',
      'members_total',
    ]);
    const one = await t.app.inject({ url: '/api/admin/arrears?limit=1', headers: bearer(token) });
    expect(one.json().members).toEqual(res.json().members.slice(0, 1));
    expect(one.json().members_total).toBe(res.json().members_total);
    for (const limit of ['0', '10001', 'ten']) {
      const refused = await t.app.inject({
        url: `/api/admin/arrears?limit=${limit}`,
        headers: { ...bearer(token), 'accept-language': 'ar' },
      });
      expectError(refused, 400);
      expect(refused.json().errors.limit).toEqual(['اطلب من 1 إلى 10,000 عضو في كل مرة.']);
    }
    // Joined in the example's month, so not behind on its day: the other tests' figures stay.
    const member = await t.login((await t.makeUser({ joinedOn: '2027-06-01' })).email);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/arrears', headers: bearer(member) }),
      403,
    );
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/arrears' }), 401);
  });
});
