import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AED_FILS } from './fils.ts';
import {
  LOAN_INTEREST_PERMILLE,
  loanFigures,
  loanSchedule,
  sameAedFigure,
  spreadRepayment,
} from './loan.ts';
import type { LoanInstallment } from './loan.ts';

const AED = 100;

describe('loanFigures', () => {
  it('is 7 % flat', () => {
    expect(LOAN_INTEREST_PERMILLE).toBe(70);
  });

  it.each([
    // 1070 AED; 1070 / 3 = 356.666… -> 356.67
    [1000, 3, { totalFils: 107000, interestFils: 7000, perMonthFils: 35667 }],
    // 1123.50 rounds half up to 1124; the single month is not rounded to whole AED
    [1050, 1, { totalFils: 112400, interestFils: 7400, perMonthFils: 112350 }],
    // 588.50 -> 589; 588.50 / 24 = 24.5208… -> 24.52
    [550, 24, { totalFils: 58900, interestFils: 3900, perMonthFils: 2452 }],
    [500, 6, { totalFils: 53500, interestFils: 3500, perMonthFils: 8917 }],
    [5000, 24, { totalFils: 535000, interestFils: 35000, perMonthFils: 22292 }],
  ])('%d AED over %d months', (amountAed, termMonths, figures) => {
    expect(loanFigures({ amountFils: amountAed * AED, termMonths })).toEqual({
      amountFils: amountAed * AED,
      termMonths,
      ...figures,
    });
  });

  it('rounds half up on per-month fils too', () => {
    // 10 fils × 1.07 / 2 = 5.35 -> 5; 1000.10 AED × 1.07 / 2 = 535.0535 -> 535.05
    expect(loanFigures({ amountFils: 100010, termMonths: 2 }).perMonthFils).toBe(53505);
    // 150 AED × 1.07 / 4 = 40.125 AED = 4012.5 fils -> 4013
    expect(loanFigures({ amountFils: 15000, termMonths: 4 }).perMonthFils).toBe(4013);
    // 150 AED × 1.07 = 160.5 AED -> 161
    expect(loanFigures({ amountFils: 15000, termMonths: 4 }).totalFils).toBe(16100);
  });

  it('takes another interest rate', () => {
    expect(loanFigures({ amountFils: 100000, termMonths: 3, interestPermille: 0 })).toEqual({
      amountFils: 100000,
      termMonths: 3,
      totalFils: 100000,
      interestFils: 0,
      perMonthFils: 33333,
    });
    expect(
      loanFigures({ amountFils: 100000, termMonths: 12, interestPermille: 125 }).totalFils,
    ).toBe(112500);
  });

  it.each([
    [{ amountFils: 100000, termMonths: 0 }, /term/],
    [{ amountFils: 100000, termMonths: 121 }, /term/],
    [{ amountFils: 100000, termMonths: 2.5 }, /term/],
    [{ amountFils: 100000, termMonths: NaN }, /term/],
    [{ amountFils: 0, termMonths: 3 }, /above zero/],
    [{ amountFils: -100000, termMonths: 3 }, /above zero/],
    [{ amountFils: MAX_AED_FILS + 1, termMonths: 3 }, /at most/],
    [{ amountFils: 1000.5, termMonths: 3 }, /whole number of fils/],
    [{ amountFils: 100000, termMonths: 3, interestPermille: -1 }, /interest/],
    [{ amountFils: 100000, termMonths: 3, interestPermille: 7.5 }, /interest/],
    [{ amountFils: 100000, termMonths: 3, interestPermille: 1001 }, /interest/],
    // 1.40 AED × 1.07 = 1.498 -> 1 AED, less than was borrowed
    [{ amountFils: 140, termMonths: 1 }, /too small: its total rounds to AED 1, less/],
    [
      { amountFils: 1001, termMonths: 1, interestPermille: 0 },
      /too small: its total rounds to AED 10, less/,
    ],
    // 1 AED -> total 1 AED, 1 fil a month, 119 fils before the last: nothing left for it
    [{ amountFils: 100, termMonths: 120 }, /too small to repay in 120 monthly installments/],
    // 50 fils × 1.07 / 120 rounds to 0 fils a month
    [{ amountFils: 50, termMonths: 120 }, /too small/],
  ])('rejects %j', (input, message) => {
    expect(() => loanFigures(input)).toThrow(RangeError);
    expect(() => loanFigures(input)).toThrow(message);
    expect(() => loanSchedule(input)).toThrow(RangeError);
  });

  it('rounds total to whole AED and per month to whole fils, half up, for any amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12_500, max: MAX_AED_FILS }),
        fc.integer({ min: 1, max: 120 }),
        // Below 7 % a total rounded down to whole AED can fall under an amount with fils.
        fc.integer({ min: LOAN_INTEREST_PERMILLE, max: 1000 }),
        (amountFils, termMonths, interestPermille) => {
          const figures = loanFigures({ amountFils, termMonths, interestPermille });
          // Everything × 1000 so the exact amount owed is an integer (thousandths of a fil).
          const owed = BigInt(amountFils) * BigInt(1000 + interestPermille);
          expect(figures.totalFils % AED).toBe(0);
          const totalError = BigInt(figures.totalFils) * 1000n - owed;
          expect(totalError > -50_000n && totalError <= 50_000n).toBe(true);
          const perMonthError = BigInt(figures.perMonthFils) * 1000n * BigInt(termMonths) - owed;
          const halfFil = 500n * BigInt(termMonths);
          expect(perMonthError > -halfFil && perMonthError <= halfFil).toBe(true);
          expect(figures.interestFils).toBe(figures.totalFils - amountFils);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

// Collects broken rules instead of calling expect per row: thousands of schedules run here.
function scheduleProblems(amountFils: number, termMonths: number, schedule: LoanInstallment[]) {
  const { totalFils, interestFils, perMonthFils } = loanFigures({ amountFils, termMonths });
  const problems: string[] = [];
  const sum = (pick: (row: LoanInstallment) => number) =>
    schedule.reduce((total, row) => total + pick(row), 0);

  if (schedule.length !== termMonths) problems.push(`${schedule.length} installments`);
  if (sum((row) => row.amountFils) !== totalFils) problems.push('amounts do not sum to total');
  if (sum((row) => row.principalFils) !== amountFils)
    problems.push('principals do not sum to amount');
  if (sum((row) => row.interestFils) !== interestFils) problems.push('interest does not sum');
  schedule.forEach((row, index) => {
    const isLast = index === schedule.length - 1;
    if (row.number !== index + 1) problems.push(`row ${index} is numbered ${row.number}`);
    if (!isLast && row.amountFils !== perMonthFils)
      problems.push(`row ${row.number} is not per month`);
    if (!(row.amountFils > 0 && row.principalFils >= 0 && row.interestFils >= 0)) {
      problems.push(`row ${row.number} has a part below zero: ${JSON.stringify(row)}`);
    }
    if (!Number.isSafeInteger(row.principalFils) || !Number.isSafeInteger(row.interestFils)) {
      problems.push(`row ${row.number} is not whole fils`);
    }
    if (row.principalFils + row.interestFils !== row.amountFils) {
      problems.push(`row ${row.number} parts do not add up`);
    }
  });
  // The last takes at most 0.50 AED of total rounding plus half a fil per month.
  const last = schedule.at(-1)?.amountFils ?? Number.NaN;
  if (!(2 * Math.abs(last - perMonthFils) <= 100 + termMonths)) {
    problems.push(`last ${last} is too far from ${perMonthFils}`);
  }
  return problems;
}

function expectSoundSchedule(amountFils: number, termMonths: number, schedule: LoanInstallment[]) {
  expect(
    scheduleProblems(amountFils, termMonths, schedule),
    `${amountFils} fils / ${termMonths}`,
  ).toEqual([]);
}

describe('loanSchedule', () => {
  it('1000 AED over 3 months', () => {
    expect(loanSchedule({ amountFils: 100000, termMonths: 3 })).toEqual([
      { number: 1, amountFils: 35667, principalFils: 33334, interestFils: 2333 },
      { number: 2, amountFils: 35667, principalFils: 33333, interestFils: 2334 },
      { number: 3, amountFils: 35666, principalFils: 33333, interestFils: 2333 },
    ]);
  });

  it('1050 AED over 1 month: the one installment is the whole-AED total', () => {
    expect(loanSchedule({ amountFils: 105000, termMonths: 1 })).toEqual([
      { number: 1, amountFils: 112400, principalFils: 105000, interestFils: 7400 },
    ]);
  });

  it('550 AED over 24 months: 23 × 24.52 and a last of 25.04', () => {
    const schedule = loanSchedule({ amountFils: 55000, termMonths: 24 });
    expect(schedule).toHaveLength(24);
    expect(schedule.slice(0, 23).map((row) => row.amountFils)).toEqual(Array(23).fill(2452));
    expect(schedule[23]).toMatchObject({ number: 24, amountFils: 2504 });
    expectSoundSchedule(55000, 24, schedule);
  });

  it('is sound for every policy amount (500..5000 AED in steps of 100) and every term', () => {
    const problems: string[] = [];
    for (let amountAed = 500; amountAed <= 5000; amountAed += 100) {
      for (let termMonths = 1; termMonths <= 120; termMonths += 1) {
        const amountFils = amountAed * AED;
        const schedule = loanSchedule({ amountFils, termMonths });
        problems.push(...scheduleProblems(amountFils, termMonths, schedule));
      }
    }
    expect(problems).toEqual([]);
  });

  it('is sound for any amount from 1 to 100,000 AED and any term, or refuses a tiny one', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1 * AED, max: 500 * AED }),
          fc.integer({ min: 1 * AED, max: 100_000 * AED }),
        ),
        fc.integer({ min: 1, max: 120 }),
        (amountFils, termMonths) => {
          let schedule: LoanInstallment[];
          try {
            schedule = loanSchedule({ amountFils, termMonths });
          } catch (error) {
            // Only amounts below 125 AED can be too small for a term (see loanFigures).
            expect(error).toBeInstanceOf(RangeError);
            expect((error as Error).message).toMatch(/too small/);
            expect(amountFils).toBeLessThan(125 * AED);
            return;
          }
          expectSoundSchedule(amountFils, termMonths, schedule);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('never refuses 125 AED or more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 125 * AED, max: 130 * AED }),
        fc.integer({ min: 1, max: 120 }),
        (amountFils, termMonths) => {
          expectSoundSchedule(amountFils, termMonths, loanSchedule({ amountFils, termMonths }));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('sameAedFigure', () => {
  it('compares a client figure with the server fils exactly', () => {
    expect(sameAedFigure(356.67, 35667)).toBe(true);
    expect(sameAedFigure(1123.5, 112350)).toBe(true);
    expect(sameAedFigure(1070, 107000)).toBe(true);
    expect(sameAedFigure(356.7, 35667)).toBe(false);
    expect(sameAedFigure(356.666, 35667)).toBe(false);
    expect(sameAedFigure(0.30000000000000004, 30)).toBe(false);
    expect(sameAedFigure(NaN, 0)).toBe(false);
    expect(sameAedFigure(-0, 0)).toBe(true);
  });
});

describe('spreadRepayment', () => {
  const unpaid = (amountFils: number, termMonths: number) =>
    loanSchedule({ amountFils, termMonths }).map((i) => ({
      ...i,
      paidPrincipalFils: 0,
      paidInterestFils: 0,
    }));

  it('pays the oldest installment first, its interest before its principal', () => {
    // 1,000 over 2 months: 535 + 535, each 500 principal and 35 interest.
    const { installments, principalFils, interestFils } = spreadRepayment(
      unpaid(100_000, 2),
      60_000,
    );
    expect(installments.map((i) => [i.paidInterestFils, i.paidPrincipalFils])).toEqual([
      [3_500, 50_000],
      [3_500, 3_000],
    ]);
    expect([principalFils, interestFils]).toEqual([53_000, 7_000]);
  });

  it('refuses more than is owed', () => {
    expect(() => spreadRepayment(unpaid(100_000, 2), 107_001)).toThrow(RangeError);
  });

  it('never loses a fil, never pays a part beyond what it owes, whatever is repaid in turn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12_500, max: 5_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
        (amountFils, termMonths, shares) => {
          let installments = unpaid(amountFils, termMonths);
          const { totalFils } = loanFigures({ amountFils, termMonths });
          let paid = 0;
          for (const share of shares) {
            const amount = Math.floor((totalFils - paid) * share);
            const spread = spreadRepayment(installments, amount);
            expect(spread.principalFils + spread.interestFils).toBe(amount);
            installments = spread.installments;
            paid += amount;
          }
          const sum = (pick: (i: (typeof installments)[number]) => number) =>
            installments.reduce((s, i) => s + pick(i), 0);
          expect(sum((i) => i.paidPrincipalFils + i.paidInterestFils)).toBe(paid);
          for (const i of installments) {
            expect(i.paidPrincipalFils).toBeLessThanOrEqual(i.principalFils);
            expect(i.paidInterestFils).toBeLessThanOrEqual(i.interestFils);
          }
        },
      ),
    );
  });
});
