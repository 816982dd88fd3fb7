import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanFigures } from '@jamiya/money/loan';
import { IMPORT_COLUMNS, type ImportColumn } from '@jamiya/contracts/imports';
import { loanInstallments, loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { loanReceivableFils, memberSavingsFils } from '../ledger/public.ts';
import { loanAtCutOver } from '../loans/public.ts';
import { multipart, postForm, useTestApp } from '../../../test/harness.ts';

// Issue 36: any valid file imports with balanced books, and every member's savings and loan
// are as the file says.

const t = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = await t.login((await t.makeUser({ role: 'admin' })).email);
});

const thisMonth = periodOf(localDate(new Date()));
const asOfPeriod = addMonthsToPeriod(thisMonth, -1);
const month = (back: number) => addMonthsToPeriod(asOfPeriod, -back);
const aed = (fils: number) => `${Math.trunc(fils / 100)}.${String(fils % 100).padStart(2, '0')}`;

// Names in the members' scripts, and one that a spreadsheet would read as a formula.
const name = fc.constantFrom(
  'Mohammed Rafiq',
  'فاطمة الزهراء',
  'محمد علی',
  'प्रिया शर्मा',
  'রহিম উদ্দিন',
  'അനിൽ കുമാർ',
  '=1+1',
);

const loan = fc
  .record({
    amountFils: fc.integer({ min: 500, max: 5000 }).map((a) => a * 100),
    termMonths: fc.integer({ min: 1, max: 24 }),
    back: fc.integer({ min: 0, max: 30 }),
    share: fc.double({ min: 0, max: 0.999, noNaN: true }),
  })
  .map(({ amountFils, termMonths, back, share }) => {
    const { totalFils } = loanFigures({ amountFils, termMonths });
    return { amountFils, termMonths, back, repaidFils: Math.floor(totalFils * share) };
  });

const row = fc.record({
  name,
  savingsFils: fc.integer({ min: 0, max: 5_000_000 }),
  joinedBack: fc.integer({ min: 0, max: 36 }),
  // Months back from the cut-over (negative: paid ahead, up to a year).
  paidBack: fc.option(fc.integer({ min: -12, max: 40 }), { nil: undefined }),
  language: fc.constantFrom('en', 'ar', 'hi', 'ur', 'bn', 'ml', ''),
  loan: fc.option(loan, { nil: undefined }),
});

let run = 0;

describe('a random valid file', () => {
  it('imports with balanced books, each member as the file says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        async (rows, openingCashFils) => {
          run += 1;
          const members = rows.map((r, i) => {
            const joined = month(r.joinedBack);
            // The last month paid: from the month before joining (nothing) to a year ahead.
            const paidThrough =
              r.paidBack === undefined ? '' : month(Math.min(r.paidBack, r.joinedBack + 1));
            const loanBack = r.loan ? Math.min(r.loan.back, r.joinedBack) : 0;
            const cells: Partial<Record<ImportColumn, string>> = {
              name: r.name,
              email: `p${run}-${i}@example.test`,
              joined,
              language: r.language,
              savings: aed(r.savingsFils),
              paid_through: paidThrough,
              ...(r.loan
                ? {
                    loan_amount: aed(r.loan.amountFils),
                    loan_term_months: String(r.loan.termMonths),
                    loan_disbursed: month(loanBack),
                    loan_repaid: aed(r.loan.repaidFils),
                  }
                : {}),
            };
            return { r, cells };
          });
          const quote = (v: string) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
          const file = Buffer.from(
            [
              IMPORT_COLUMNS.join(','),
              ...members.map(({ cells }) =>
                IMPORT_COLUMNS.map((c) => quote(cells[c] ?? '')).join(','),
              ),
            ].join('\n'),
          );
          const res = await postForm(
            t.app,
            '/api/admin/imports',
            admin,
            multipart(
              { as_of: `${asOfPeriod}-28`, opening_cash: aed(openingCashFils), dry_run: 'false' },
              { file: { filename: `p${run}.csv`, contentType: 'text/csv', data: file } },
            ),
          );
          expect(res.statusCode, res.body).toBe(201);
          await t.expectBooksBalance();

          const made = await t.db
            .select()
            .from(users)
            .where(
              inArray(
                users.email,
                members.map(({ cells }) => cells.email!),
              ),
            );
          for (const { r, cells } of members) {
            const user = made.find((u) => u.email === cells.email)!;
            expect(user.name).toBe(r.name);
            expect(await memberSavingsFils(t.db, user.id)).toBe(r.savingsFils);
            const [own] = await t.db.select().from(loans).where(eq(loans.userId, user.id));
            if (!r.loan) {
              expect(own).toBeUndefined();
              continue;
            }
            const at = loanAtCutOver(r.loan, 70);
            expect(await loanReceivableFils(t.db, own!.id)).toBe(at.principalOutstandingFils);
            const installments = await t.db
              .select()
              .from(loanInstallments)
              .where(eq(loanInstallments.loanId, own!.id));
            const owed = installments.reduce(
              (s, i) => s + i.amountFils - i.paidPrincipalFils - i.paidInterestFils,
              0,
            );
            expect(owed).toBe(at.owedFils);
            expect(installments).toHaveLength(r.loan.termMonths);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
