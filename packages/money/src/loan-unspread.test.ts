import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loanFigures, loanSchedule, spreadRepayment, unspreadRepayment } from './loan.ts';

// A repayment corrected by reversal (docs/domain/accounts.md) is taken back from the installments
// exactly as it was spread over them.
describe('unspreadRepayment', () => {
  const unpaid = (amountFils: number, termMonths: number) =>
    loanSchedule({ amountFils, termMonths }).map((i) => ({
      ...i,
      paidPrincipalFils: 0,
      paidInterestFils: 0,
    }));

  it('takes the last repayment back from the newest installment, principal first', () => {
    const first = spreadRepayment(unpaid(100_000, 2), 60_000);
    const back = unspreadRepayment(first.installments, 60_000);
    expect(back.installments.map((i) => [i.paidInterestFils, i.paidPrincipalFils])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect([back.principalFils, back.interestFils]).toEqual([53_000, 7_000]);
  });

  it('refuses more than was paid', () => {
    const first = spreadRepayment(unpaid(100_000, 2), 60_000);
    expect(() => unspreadRepayment(first.installments, 60_001)).toThrow(RangeError);
  });

  it('undoes the last of any repayments exactly, parts and split alike', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12_500, max: 5_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (amountFils, termMonths, shares) => {
          let installments = unpaid(amountFils, termMonths);
          const { totalFils } = loanFigures({ amountFils, termMonths });
          let paid = 0;
          for (const share of shares) {
            const amount = Math.floor((totalFils - paid) * share);
            const spread = spreadRepayment(installments, amount);
            const back = unspreadRepayment(spread.installments, amount);
            expect(back.installments).toEqual(installments);
            expect([back.principalFils, back.interestFils]).toEqual([
              spread.principalFils,
              spread.interestFils,
            ]);
            installments = spread.installments;
            paid += amount;
          }
        },
      ),
    );
  });
});
