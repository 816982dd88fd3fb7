import { beforeAll, describe, expect, it } from 'vitest';
import { approveLoan } from '../src/features/loans/decisions.ts';
import { disburseLoan } from '../src/features/loans/disburse.ts';
import { applyForLoan } from '../src/features/loans/apply.ts';
import { applyRepayment } from '../src/features/loans/repayment.ts';
import { bearer, loanApplication, useTestApp } from './harness.ts';

// Issue 34, point 14: the treasurer's journal and trial balance say what each entry and account
// is in the reader's language, as the member's statement does, not the books' English memos.

const t = useTestApp();
let admin: string;
let loanId: number;

beforeAll(async () => {
  const adminUser = await t.makeUser({ role: 'admin', name: 'Treasurer' });
  admin = await t.login(adminUser.email);
  await t.fundCash(500_000, new Date('2026-08-10T08:00:00Z'));
  const member = await t.makeUser({ name: 'Amina Rahman' });
  const actor = { id: adminUser.id, role: 'admin' as const };
  const loan = await applyForLoan(t.db, member.id, loanApplication(), new Date());
  loanId = loan.id;
  await approveLoan(t.db, loan.id, actor, new Date());
  await disburseLoan(t.db, loan.id, actor, new Date());
  await t.db.transaction((tx) =>
    applyRepayment(tx, { loanId: loan.id, amountFils: 10_000, actor, now: new Date() }),
  );
});

const journal = async (language: string) =>
  (
    await t.app.inject({
      url: '/api/admin/ledger/entries?limit=50',
      headers: { ...bearer(admin), 'accept-language': language },
    })
  ).json().items as Array<{
    kind: string;
    memo: string;
    postings: Array<{ account_code: string; account_name: string }>;
  }>;

describe("the journal in the reader's language", () => {
  it('says each entry in Arabic, as the statement does, and names the accounts in Arabic', async () => {
    const entries = await journal('ar');
    const byKind = (kind: string) => entries.find((e) => e.kind === kind)!;
    expect(byKind('repayment').memo).toBe(`سداد القرض ${loanId}`);
    expect(byKind('disbursement').memo).toBe(`صرف القرض ${loanId}`);
    expect(byKind('dues').memo).toBe('الاشتراك الشهري عن أغسطس 2026');
    const names = Object.fromEntries(
      entries.flatMap((e) => e.postings.map((p) => [p.account_code, p.account_name])),
    );
    expect(names.cash).toBe('النقد والحساب البنكي');
    expect(names.interest_income).toBe('إيرادات الفوائد');
    expect(names[`loan:${loanId}`]).toBe(`ذمة القرض ${loanId}`);
    expect(Object.entries(names).find(([code]) => code.startsWith('savings:'))?.[1]).toMatch(
      /^مدخرات /,
    );
    // Nothing of the books' English is left.
    for (const e of entries) {
      expect(e.memo).not.toMatch(/[A-Za-z]{3,}/);
      for (const p of e.postings) expect(p.account_name).not.toMatch(/\b(of|receivable|Cash)\b/);
    }
  });

  it('says them in English to an English reader, the savings account by its member', async () => {
    const entries = await journal('en');
    expect(entries.find((e) => e.kind === 'repayment')!.memo).toBe(`Repayment of loan ${loanId}`);
    const savings = entries
      .flatMap((e) => e.postings)
      .find((p) => p.account_code.startsWith('savings:'))!;
    expect(savings.account_name).toMatch(/^Savings of Fund member \(JM\d{6}\)$/);
  });

  it('names the accounts of the trial balance in the reader’s language', async () => {
    const tb = (
      await t.app.inject({
        url: '/api/admin/ledger/trial-balance',
        headers: { ...bearer(admin), 'accept-language': 'ar' },
      })
    ).json();
    expect(tb.accounts.find((a: { code: string }) => a.code === 'cash').name).toBe(
      'النقد والحساب البنكي',
    );
  });
});
