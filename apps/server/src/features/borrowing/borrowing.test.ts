import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@jamiya/contracts/languages';
import { users } from '../../db/schema/users.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { payments } from '../../db/schema/payments.ts';
import {
  bearer,
  expectError,
  memberWhoPaid,
  multipart,
  plain,
  useTestApp,
} from '../../../test/harness.ts';
import { editableSettings } from '../../../test/settings-body.ts';
import { periodAgo } from '../../../test/calendar.ts';

// Who may borrow how much by the association's rules (docs/domain/loan-lifecycle.md,
// Eligibility), on a new association's rules: 3 months of membership, no month of dues unpaid,
// a loan up to 3 times one's savings, guarantors for what is above one's free savings.

const t = useTestApp({}, { loanRules: 'defaults' });

/** A member who joined `monthsAgo` months ago and paid `paid` of the past months (the oldest). */
const member = (monthsAgo: number, paid = monthsAgo, fils = 20_000) =>
  memberWhoPaid(t, monthsAgo, { paid, fils });

const eligibility = async (token: string, language: Language = 'en') =>
  t.app.inject({
    url: '/api/my-loans/eligibility',
    headers: { ...bearer(token), 'accept-language': language },
  });

const apply = (token: string, body: Record<string, unknown>, language: Language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/loan-application',
    headers: { ...bearer(token), 'accept-language': language },
    payload: {
      loan_amount: '1000',
      duration_month: 3,
      bank_account: 'Botim 050',
      passport_or_nid: 'P1',
      ...body,
    },
  });

describe('eligibility', () => {
  it('tells a new member with no savings why they may not borrow yet, in their language', async () => {
    const newcomer = await member(0);
    const res = await eligibility(newcomer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ eligible: false, max_amount: 0, savings: 0, free_savings: 0 });
    expect(body.reasons.map((r: { code: string }) => r.code)).toEqual([
      'membership_too_short',
      'savings_too_low',
    ]);
    expect(plain(body.reasons[0].message)).toMatch(
      /after 3 months of membership: you can apply from/,
    );
    expect(plain(body.reasons[1].message)).toBe(
      'A loan can be at most 3 times your savings (AED 0), and the smallest loan is AED 500. Keep saving, and you can borrow soon.',
    );
    // Each member language has its own words for each reason.
    const seen = new Set<string>();
    for (const language of LANGUAGES) {
      const reasons = (await eligibility(newcomer.token, language)).json().reasons;
      for (const r of reasons as { message: string }[]) {
        expect(r.message).not.toMatch(/\{|\}/);
        seen.add(r.message);
      }
    }
    expect(seen.size).toBe(2 * LANGUAGES.length);
  });

  it('lends a member of 6 months up to 3 times their savings, on the policy steps', async () => {
    // 6 months paid of AED 205: savings AED 1,230, 3 times is AED 3,690, on steps of 100 from 500.
    const saver = await member(6, 6, 20_500);
    const body = (await eligibility(saver.token)).json();
    expect(body).toMatchObject({
      eligible: true,
      max_amount: 3600,
      savings: 1230,
      free_savings: 1230,
    });
    expect(body.reasons).toEqual([
      {
        code: 'savings_limit',
        message: expect.stringMatching(
          /^You can borrow up to AED.3,600: 3 times your savings of AED.1,230\.$/,
        ),
      },
    ]);
  });

  it('counts months of dues unpaid, but not one whose receipt waits for review', async () => {
    const behind = await member(6, 5);
    const body = (await eligibility(behind.token)).json();
    expect(body.eligible).toBe(false);
    expect(body.reasons.map((r: { code: string }) => r.code)).toEqual([
      'dues_in_arrears',
      'savings_limit',
    ]);
    expect(body.reasons[0].message).toBe('Bring your dues up to date first: 1 month is unpaid.');

    // A receipt for the month, waiting for review, is not "unpaid".
    await t.db.insert(payments).values({
      userId: behind.id,
      kind: 'dues',
      period: periodAgo(1),
      amountFils: 20_000,
      status: 'pending',
    });
    expect((await eligibility(behind.token)).json().eligible).toBe(true);
  });

  it('follows the settings: a rule changed by the treasurer applies at once', async () => {
    const behind = await member(6, 4);
    expect((await eligibility(behind.token)).json().eligible).toBe(false);
    const admin = await t.makeUser({ role: 'admin', isMember: false });
    const adminToken = await t.login(admin.email);
    const current = (
      await t.app.inject({ url: '/api/admin/settings', headers: bearer(adminToken) })
    ).json();
    expect(current.loan_rules).toEqual({
      min_membership_months: 3,
      max_months_in_arrears: 0,
      savings_multiple: 3,
      guarantor_alert_days: 30,
      write_off_bar_months: 12,
    });
    const save = (loan_rules: Record<string, number>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(adminToken),
        payload: { ...editableSettings(current), loan_rules },
      });
    const invalid = expectError(
      await save({
        min_membership_months: -1,
        max_months_in_arrears: 2,
        savings_multiple: 3,
        guarantor_alert_days: 30,
      }),
      422,
    );
    expect(Object.keys(invalid.errors ?? {})).toEqual(['loan_rules.min_membership_months']);
    try {
      const saved = await save({
        min_membership_months: 3,
        max_months_in_arrears: 2,
        savings_multiple: 3,
        guarantor_alert_days: 30,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const body = (await eligibility(behind.token)).json();
      expect(body.eligible).toBe(true);
      // With loans not tied to savings (0), the policy's maximum, and no guarantor needed.
      expect(
        (
          await save({
            min_membership_months: 0,
            max_months_in_arrears: 2,
            savings_multiple: 0,
            guarantor_alert_days: 30,
          })
        ).statusCode,
      ).toBe(200);
      expect((await eligibility(behind.token)).json()).toMatchObject({
        eligible: true,
        max_amount: 5000,
        reasons: [],
      });
      const loan = await apply(behind.token, { loan_amount: '5000' });
      expect(loan.statusCode, loan.body).toBe(200);
      expect(loan.json().loan).toMatchObject({ guarantee_needed: 0, guarantors: [] });
    } finally {
      await save({
        min_membership_months: 3,
        max_months_in_arrears: 0,
        savings_multiple: 3,
        guarantor_alert_days: 30,
      });
    }
  });
});

describe('the application, by the rules', () => {
  it('bars a member whose loan was written off for the months the association sets', async () => {
    const borrower = await member(12);
    // Two admins: a payout and a write-off wait for a second one when there are two or more.
    const [adminToken, chairToken] = await Promise.all(
      [0, 1].map(async () => t.login((await t.makeUser({ role: 'admin', isMember: false })).email)),
    );
    const decide = async (url: string, payload: object = {}) => {
      const send = (token: string) =>
        t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      const first = await send(adminToken!);
      const done = first.statusCode === 202 ? await send(chairToken!) : first;
      expect(done.statusCode, done.body).toBe(200);
    };
    const applied = await apply(borrower.token, {});
    expect(applied.statusCode, applied.body).toBe(200);
    const loanId = applied.json().loan.id;
    await decide(`/api/admin/loans/${loanId}/approve`);
    await decide(`/api/admin/loans/${loanId}/disburse`);
    await decide(`/api/admin/loans/${loanId}/write-off`, { reason: 'Left the country' });

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    const y = Number(today.slice(0, 4));
    const body = (await eligibility(borrower.token)).json();
    expect(body.eligible).toBe(false);
    expect(body.reasons.map((r: { code: string }) => r.code)).toEqual(['written_off']);
    expect(plain(body.reasons[0].message)).toMatch(
      /^A loan of yours was written off on .+: you can apply for a loan again from .+\.$/,
    );
    // Twelve months on by default: the day it is allowed again is next year's.
    expect(body.reasons[0].message).toContain(String(y + 1));
    const refused = expectError(await apply(borrower.token, {}), 422);
    expect(refused.message).toBe(body.reasons[0].message);

    // The association may set it to 0: the member may apply again at once.
    const current = (
      await t.app.inject({ url: '/api/admin/settings', headers: bearer(adminToken!) })
    ).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(adminToken!),
      payload: {
        ...editableSettings(current),
        loan_rules: { ...current.loan_rules, write_off_bar_months: 0 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await eligibility(borrower.token)).json().eligible).toBe(true);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(adminToken!),
        payload: editableSettings(current),
      });
    }
  });

  it('refuses an application outside the eligibility with 422 and the same reason, in each language', async () => {
    const newcomer = await member(1, 1);
    for (const language of LANGUAGES) {
      const reason = (await eligibility(newcomer.token, language)).json().reasons[0];
      expect(reason.code).toBe('membership_too_short');
      const refused = expectError(await apply(newcomer.token, {}, language), 422);
      expect(refused.message).toBe(reason.message);
      expect(refused.errors?.loan_amount).toEqual([reason.message]);
    }
  });

  it('refuses more than the member may borrow with the savings reason', async () => {
    const saver = await member(6); // AED 1,200 saved: up to AED 3,600
    const limit = (await eligibility(saver.token, 'ml')).json().reasons[0];
    const refused = expectError(await apply(saver.token, { loan_amount: '3700' }, 'ml'), 422);
    expect(refused.message).toBe(limit.message);
  });

  it('keeps 403 for an inactive member and 409 for a member with a loan open', async () => {
    const inactive = await member(6);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, inactive.id));
    expectError(await apply(inactive.token, {}), 403);
    const borrower = await member(6);
    expect((await apply(borrower.token, {})).statusCode).toBe(200);
    expectError(await apply(borrower.token, {}), 409);
    expect((await eligibility(borrower.token)).json().reasons[0].code).toBe('open_loan');
  });

  it('needs guarantors for the part above the free savings, and checks each', async () => {
    const borrower = await member(6); // AED 1,200 free: a loan of AED 3,000 needs AED 1,800
    const rich = await member(12); // AED 2,400
    const poor = await member(6, 6, 5_000); // AED 300
    const asleep = await member(12);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, asleep.id));
    const ask = (guarantors: unknown) => apply(borrower.token, { loan_amount: '3000', guarantors });

    const none = expectError(await ask(undefined), 422);
    expect(plain(none.errors!.guarantors![0]!)).toBe(
      'Guarantors must cover AED 1,800, the part of the loan above your free savings; those named cover AED 0.',
    );
    const cases: Array<[unknown, string, RegExp]> = [
      [[{ member_id: borrower.uniqueId, amount: 1800 }], 'guarantors.0.member_id', /your own loan/],
      // Unknown and inactive alike: an application tells nothing of another member.
      [
        [{ member_id: 'JM999999', amount: 1800 }],
        'guarantors.0.member_id',
        /^There is no active member with the ID JM999999\.$/,
      ],
      [
        [{ member_id: asleep.uniqueId, amount: 1800 }],
        'guarantors.0.member_id',
        new RegExp(`^There is no active member with the ID ${asleep.uniqueId}\\.$`),
      ],
      [
        [
          { member_id: rich.uniqueId, amount: 1000 },
          { member_id: rich.uniqueId, amount: 800 },
        ],
        'guarantors.1.member_id',
        /only once/,
      ],
      [[{ member_id: rich.uniqueId, amount: 1000 }], 'guarantors', /cover AED.1,000\./],
      [[{ member_id: 'jm1', amount: 1800 }], 'guarantors.0.member_id', /member ID, like JM000123/],
      ['not json', 'guarantors', /list of member IDs/],
    ];
    for (const [guarantors, field, message] of cases) {
      const refused = expectError(await ask(guarantors), 422);
      expect(Object.keys(refused.errors ?? {}), JSON.stringify(guarantors)).toContain(field);
      expect(plain(refused.errors![field]![0]!)).toMatch(message);
      // Each member language says it in its own words, its values filled in.
      const said = new Set<string>();
      for (const language of LANGUAGES) {
        const res = await apply(borrower.token, { loan_amount: '3000', guarantors }, language);
        const text = expectError(res, 422).errors![field]![0]!;
        expect(text, `${language} ${field}`).not.toMatch(/[{}]/);
        said.add(text);
      }
      expect(said.size, JSON.stringify(guarantors)).toBe(LANGUAGES.length);
    }
    // Nor of their savings: one asked for more than they have free is asked all the same, and
    // their answer says it (loans/guarantees.test.ts).
    const beyond = await apply(borrower.token, {
      loan_amount: '3000',
      guarantors: [
        { member_id: poor.uniqueId, amount: 1800 },
        { member_id: 'JM999999', amount: 1 },
      ],
    });
    expect(Object.keys(expectError(beyond, 422).errors ?? {})).toEqual(['guarantors.1.member_id']);
    // Guarantors cannot cover more than the loan.
    const over = expectError(
      await apply(borrower.token, {
        loan_amount: '2000',
        guarantors: [{ member_id: rich.uniqueId, amount: 2100 }],
      }),
      422,
    );
    expect(over.errors?.guarantors).toEqual(['Guarantors cannot cover more than the loan.']);

    // Three who cover it together: asked, each told in the app.
    const third = await member(12);
    const applied = await ask([
      { member_id: rich.uniqueId, amount: '1000' },
      { member_id: poor.uniqueId.toLowerCase(), amount: 300 },
      { member_id: third.uniqueId, amount: 500 },
    ]);
    expect(applied.statusCode, applied.body).toBe(200);
    const loan = applied.json().loan;
    expect(loan.guarantee_needed).toBe(1800);
    expect(loan.guarantors.map((g: { state: string; held: number }) => [g.state, g.held])).toEqual([
      ['asked', 0],
      ['asked', 0],
      ['asked', 0],
    ]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, rich.id));
    expect(told.map((n) => [n.kind, n.link])).toEqual([['guarantee', '/user/guarantees']]);
  });

  it('takes the guarantors as JSON text in a form', async () => {
    const borrower = await member(6);
    const friend = await member(12);
    const form = multipart({
      loan_amount: '2000',
      duration_month: '3',
      bank_account: 'Botim 1',
      passport_or_nid: 'P1',
      guarantors: JSON.stringify([{ member_id: friend.uniqueId, amount: '800.00' }]),
    });
    const res = await t.postForm('/api/loan-application', borrower.token, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().loan.guarantors).toMatchObject([
      { member_id: friend.uniqueId, amount: 800, state: 'asked' },
    ]);
  });
});
