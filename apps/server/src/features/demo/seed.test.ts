import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../../test/harness.ts';
import { trialBalance } from '../ledger/balances.ts';
import { seedDemo } from './seed.ts';

describe('demo seed', () => {
  const t = useTestApp();
  beforeAll(async () => {
    expect(await seedDemo(t.db, t.storage)).toBe(true);
  });

  it('runs only on an empty database', async () => {
    expect(await seedDemo(t.db, t.storage)).toBe(false);
  });

  it('leaves balanced books that agree with the tables', async () => {
    await t.expectBooksBalance();
    const tb = await trialBalance(t.db);
    const cash = tb.accounts.find((a) => a.code === 'cash')!;
    // 16 dues of 200 AED in (Amina 8, the chair 6, Rahul 2), 2,000 AED out, two
    // installments of 356.67 back.
    expect(cash.balanceFils).toBe(16 * 20_000 - 200_000 + 2 * 35_667);
  });

  it('makes the treasurer an admin only and the chair an admin and a member, counted alike everywhere', async () => {
    const treasurer = await t.login('admin@jamiya.example');
    const chair = await t.login('chair@jamiya.example');
    const profile = async (token: string) =>
      (await t.app.inject({ url: '/api/profile', headers: bearer(token) })).json().userData;
    expect(await profile(treasurer)).toMatchObject({ role: 'admin', is_member: false });
    expect(await profile(chair)).toMatchObject({ role: 'admin', is_member: true });
    // No dues and no member area for an admin who is not a member.
    const refused = await t.app.inject({ url: '/api/my-account-data', headers: bearer(treasurer) });
    expect(refused.statusCode).toBe(403);
    const chairAccount = (
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(chair) })
    ).json().myAccountData;
    expect(chairAccount.account_balance).toBe(1200);

    const overview = (
      await t.app.inject({ url: '/api/admin/overview', headers: bearer(treasurer) })
    ).json();
    const members = (
      await t.app.inject({ url: '/api/admin/members?limit=100', headers: bearer(treasurer) })
    ).json().items;
    expect(members.map((m: { email: string }) => m.email).sort()).toEqual([
      'amina@jamiya.example',
      'chair@jamiya.example',
      'rahul@jamiya.example',
    ]);
    expect(overview.members).toEqual({ active: members.length, inactive: 0 });
    expect(overview.active_admins).toBe(2);
    const settings = (await t.app.inject({ url: '/api/settings' })).json();
    expect(settings.payment_instructions).toMatch(/IBAN AE46/);
  });

  it("starts each member's bell at zero and Sara Haddad's application waiting", async () => {
    for (const email of ['amina@jamiya.example', 'rahul@jamiya.example', 'chair@jamiya.example']) {
      const token = await t.login(email);
      const unread = await t.app.inject({
        url: '/api/notifications/unread-count',
        headers: bearer(token),
      });
      expect([email, unread.json()]).toEqual([email, { unread: 0 }]);
    }
    const treasurer = await t.login('admin@jamiya.example');
    const waiting = (
      await t.app.inject({ url: '/api/admin/applications', headers: bearer(treasurer) })
    ).json().items;
    expect(waiting).toMatchObject([{ name: 'Sara Haddad', email: 'sara@jamiya.example' }]);
  });

  it('gives every receipt a picture of its own, so none is flagged as a duplicate', async () => {
    const treasurer = await t.login('admin@jamiya.example');
    const approved = (
      await t.app.inject({
        url: '/api/admin/payments?status=approved&limit=100',
        headers: bearer(treasurer),
      })
    ).json().items as Array<{ receipt_url: string | null; possible_duplicates: unknown[] }>;
    expect(approved).toHaveLength(18);
    expect(approved.every((p) => p.receipt_url !== null)).toBe(true);
    expect(approved.flatMap((p) => p.possible_duplicates)).toEqual([]);
  });

  it('gives Amina eight paid months, this month to pay and an active loan with two installments repaid', async () => {
    const token = await t.login('amina@jamiya.example');
    const account = (
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) })
    ).json().myAccountData;
    expect(account.account_balance).toBe(1600);
    const statuses = account.monthlyPaymentData.map((r: { status: string }) => r.status);
    expect(statuses).toEqual(['pay_now', ...Array(8).fill('completed')]);
    expect(account.due_balance).toBe(200);
    const loans = (await t.app.inject({ url: '/api/my-loans', headers: bearer(token) })).json()
      .items;
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({
      state: 'active',
      loan_amount: 2000,
      duration_month: 6,
      total_amount_with_interest: 2140,
      paid_amount: 713.34,
      remaining_amount: 1426.66,
    });
    expect(loans[0].installments.map((i: { status: string }) => i.status)).toEqual([
      'paid',
      'paid',
      'unpaid',
      'unpaid',
      'unpaid',
      'unpaid',
    ]);
  });

  it('gives Rahul two paid months, last month due and this month to pay, and no loan', async () => {
    const token = await t.login('rahul@jamiya.example');
    const account = (
      await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) })
    ).json().myAccountData;
    expect(account.monthlyPaymentData.map((r: { status: string }) => r.status)).toEqual([
      'pay_now',
      'due',
      'completed',
      'completed',
    ]);
    expect(account.account_balance).toBe(400);
    expect(account.due_balance).toBe(400);
    const loans = (await t.app.inject({ url: '/api/my-loans', headers: bearer(token) })).json()
      .items;
    expect(loans).toEqual([]);
  });

  it('lets the admin sign in with the admin role', async () => {
    const token = await t.login('admin@jamiya.example');
    const profile = (await t.app.inject({ url: '/api/profile', headers: bearer(token) })).json()
      .userData;
    expect(profile.role).toBe('admin');
  });
});
