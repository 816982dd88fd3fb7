import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approveLoan } from '../src/features/loans/decisions.ts';
import { disburseLoan } from '../src/features/loans/disburse.ts';
import { applyForLoan } from '../src/features/loans/apply.ts';
import { applyRepayment } from '../src/features/loans/repayment.ts';
import { bearer, expectError, loanApplication, useTestApp } from './harness.ts';
import { editableSettings } from './settings-body.ts';

// Issue 34, point 9: the association chooses whether the loans' 7 % is called interest or a
// service charge; the figure is the same, and every text the server writes follows the choice.

const t = useTestApp();
let admin: string;
let member: string;

async function putCharge(charge: unknown) {
  const current = (
    await t.app.inject({ url: '/api/admin/settings', headers: bearer(admin) })
  ).json();
  const body = editableSettings(current) as { loan_policy: Record<string, unknown> };
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(admin),
    payload: { ...body, loan_policy: { ...body.loan_policy, charge_called: charge } },
  });
}

const csvHeader = async (language: string) => {
  const res = await t.app.inject({
    url: '/api/my-statement?format=csv',
    headers: { ...bearer(member), 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.split('\n')[0]!;
};

const incomeAccount = async (language: string) => {
  const res = await t.app.inject({
    url: '/api/admin/ledger/trial-balance',
    headers: { ...bearer(admin), 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().accounts as { code: string; name: string }[]).find(
    (a) => a.code === 'interest_income',
  )?.name;
};

beforeAll(async () => {
  const treasurer = await t.makeUser({ role: 'admin' });
  admin = await t.login(treasurer.email);
  const borrower = await t.makeUser({ language: 'ur' });
  member = await t.login(borrower.email);
  // A loan repaid in part: the books have a charge income account, the statement a loan line.
  await t.fundCash(500_000);
  const actor = { id: treasurer.id, role: 'admin' as const };
  const loan = await applyForLoan(t.db, borrower.id, loanApplication(), new Date());
  await approveLoan(t.db, loan.id, actor, new Date());
  await disburseLoan(t.db, loan.id, actor, new Date());
  await t.db.transaction((tx) =>
    applyRepayment(tx, { loanId: loan.id, amountFils: 10_000, actor, now: new Date() }),
  );
});

describe("what the loans' charge is called", () => {
  // The name is the whole association's setting, which some tests change: each test starts
  // from an association that has not chosen one (the column's default).
  beforeEach(async () => {
    await t.db.execute(sql`update settings set loan_charge = default`);
  });

  it('is interest until the association chooses otherwise', async () => {
    const settings = (await t.app.inject({ url: '/api/settings' })).json();
    expect(settings.loan_policy.charge_called).toBe('interest');
    expect(await csvHeader('en')).toContain('loan_interest_change_aed');
    expect(await csvHeader('ur')).toContain('سود');
    expect(await incomeAccount('en')).toBe('Interest income');
  });

  it('refuses a name it does not know, at the field, and changes nothing', async () => {
    const error = expectError(await putCharge('riba'), 422);
    expect(error.errors?.['loan_policy.charge_called']).toHaveLength(1);
    const settings = (await t.app.inject({ url: '/api/settings' })).json();
    expect(settings.loan_policy.charge_called).toBe('interest');
  });

  it('is refused to a member', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(member),
      payload: {},
    });
    expectError(res, 403);
  });

  it('becomes a service charge in the settings, the statement and the books, in every language', async () => {
    const saved = await putCharge('service_charge');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.loan_policy.charge_called).toBe('service_charge');
    const settings = (await t.app.inject({ url: '/api/settings' })).json();
    expect(settings.loan_policy).toMatchObject({
      charge_called: 'service_charge',
      interest_rate_percent: 7,
    });

    const english = await csvHeader('en');
    expect(english).toContain('loan_service_charge_change_aed');
    expect(english).not.toMatch(/interest/);
    const urdu = await csvHeader('ur');
    expect(urdu).toContain('سروس چارج');
    expect(urdu).not.toContain('سود');

    expect(await incomeAccount('en')).toBe('Service charge income');
    expect(await incomeAccount('ar')).toContain('رسوم الخدمة');
  });

  it('goes back to interest when chosen again', async () => {
    // Chosen otherwise first, as an association going back would have.
    const before = await putCharge('service_charge');
    expect(before.statusCode, before.body).toBe(200);
    expect((await putCharge('interest')).statusCode).toBe(200);
    expect(await csvHeader('en')).toContain('loan_interest_change_aed');
  });
});
