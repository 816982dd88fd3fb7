import { describe, expect, it } from 'vitest';
import { loanApplication, paidDues, useTestApp } from '../../../test/harness.ts';
import { applyForLoan } from './apply.ts';
import { portfolioAtRiskOn } from './at-risk.ts';
import { approveLoan } from './decisions.ts';
import { disburseLoan } from './disburse.ts';
import { installmentsOf } from './installments.ts';
import { applyRepayment } from './repayment.ts';

// A loan late in the past and paid since is at risk on the days it was late, and only on them:
// the portfolio at risk reads each day as it stood then.

const t = useTestApp();
const at = (day: string) => new Date(`${day}T08:00:00Z`); // noon in Dubai

describe('the portfolio at risk on past days', () => {
  it('counts an installment paid 33 days late as at risk until the day it was paid', async () => {
    await t.fundCash(10_000_000, at('2026-12-01'));
    const admin = { id: (await t.makeUser({ role: 'admin' })).id, role: 'admin' as const };
    const user = await t.makeUser({ joinedOn: '2027-01-01' });
    await paidDues(t.db, user.id, ['2027-01']);
    const loan = await applyForLoan(t.db, user.id, loanApplication(), at('2027-01-20'));
    await approveLoan(t.db, loan.id, admin, at('2027-01-20'));
    await disburseLoan(t.db, loan.id, admin, at('2027-01-20'));
    // AED 1,000 over 3 months, due 20 Feb, 20 Mar and 20 Apr; the first paid on 25 March.
    const [first] = await installmentsOf(t.db, loan.id);
    await t.db.transaction((tx) =>
      applyRepayment(tx, {
        loanId: loan.id,
        amountFils: first!.amountFils,
        actor: admin,
        now: at('2027-03-25'),
      }),
    );

    const [before, late, paid, later] = await portfolioAtRiskOn(t.db, [
      '2027-03-21', // 29 days late
      '2027-03-24', // 32 days late
      '2027-03-25', // paid that day
      '2027-04-30', // 20 March is 41 days late
    ]);
    expect(before).toEqual({ outstandingFils: 100_000, atRisk30Fils: 0, atRisk90Fils: 0 });
    expect(late).toEqual({ outstandingFils: 100_000, atRisk30Fils: 100_000, atRisk90Fils: 0 });
    expect(paid).toEqual({ outstandingFils: 66_666, atRisk30Fils: 0, atRisk90Fils: 0 });
    expect(later).toEqual({ outstandingFils: 66_666, atRisk30Fils: 66_666, atRisk90Fils: 0 });
  });
});
