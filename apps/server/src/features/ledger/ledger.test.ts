import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanApplication, useTestApp } from '../../../test/harness.ts';
import {
  journalEntries,
  ledgerAccounts,
  ledgerMonthTotals,
  postings,
} from '../../db/schema/ledger.ts';
import { ledgerConsistencyProblems } from '../../../test/support/consistency.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { approvePayment, rejectPayment } from '../payments/review.ts';
import { submitLoanRepayment } from '../payments/submissions.ts';
import { applyForLoan } from '../loans/apply.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import { installmentsOf, outstandingFils } from '../loans/installments.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  accountBalanceFils,
  memberSavingsFils,
  trialBalance,
  unbalancedEntries,
} from './balances.ts';
import { postEntry, reverseEntry, UnbalancedEntryError, type EntryInput } from './ledger.ts';

describe('ledger', () => {
  const t = useTestApp();
  let admin: Actor;

  beforeAll(async () => {
    const adminUser = await t.makeUser({ role: 'admin' });
    admin = { id: adminUser.id, role: 'admin' };
  });

  const entryCount = async () =>
    (await t.db.select({ id: journalEntries.id }).from(journalEntries)).length;
  const postingCount = async () => (await t.db.select({ id: postings.id }).from(postings)).length;
  const entry = (lines: EntryInput['lines'], kind: EntryInput['kind'] = 'dues'): EntryInput => ({
    kind,
    memo: 'test entry',
    occurredAt: new Date(),
    createdBy: admin.id,
    lines,
  });
  async function linesOf(entryId: number) {
    return t.db
      .select({ code: ledgerAccounts.code, amountFils: postings.amountFils })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .where(eq(postings.entryId, entryId))
      .orderBy(asc(ledgerAccounts.code));
  }
  /** The messages of a rejection and its causes (drizzle wraps the database's error). */
  async function failure(promise: Promise<unknown>): Promise<string> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!err) return 'it did not fail';
    const messages: string[] = [];
    for (let e: unknown = err; e instanceof Error; e = e.cause) messages.push(e.message);
    return messages.join(' <- ');
  }
  async function balances(codes: string[]): Promise<Record<string, number>> {
    const tb = await trialBalance(t.db);
    return Object.fromEntries(
      codes.map((c) => [c, tb.accounts.find((a) => a.code === c)?.balanceFils ?? 0]),
    );
  }

  describe('postEntry', () => {
    it('writes a balanced entry with its postings, debits positive and credits negative', async () => {
      const user = await t.makeUser();
      const id = await postEntry(
        t.db,
        entry([
          { account: { code: 'cash' }, amountFils: 12_345 },
          { account: { code: 'savings', userId: user.id }, amountFils: -12_345 },
        ]),
      );
      expect(await linesOf(id)).toEqual([
        { code: 'cash', amountFils: 12_345 },
        { code: `savings:${user.id}`, amountFils: -12_345 },
      ]);
      expect(await memberSavingsFils(t.db, user.id)).toBe(12_345);
      const [account] = await t.db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, `savings:${user.id}`));
      expect(account).toMatchObject({ type: 'liability', userId: user.id, loanId: null });
      // Undo, so the member's savings agree with their (no) approved dues again.
      await reverseEntry(t.db, id, { createdBy: admin.id, memo: 'undo', occurredAt: new Date() });
      await t.expectBooksBalance();
    });

    it.each([
      ['debits above credits', [100, -99]],
      ['credits above debits', [100, -101]],
      ['three lines off by one fil', [500, -250, -249]],
      ['all debits', [100, 100]],
    ])('refuses an unbalanced entry (%s) and writes nothing', async (_name, amounts) => {
      const before = [await entryCount(), await postingCount()];
      const codes = ['cash', 'interest_income', 'loan_losses'] as const;
      const lines = amounts.map((amountFils, i) => ({ account: { code: codes[i]! }, amountFils }));
      await expect(postEntry(t.db, entry(lines))).rejects.toBeInstanceOf(UnbalancedEntryError);
      expect([await entryCount(), await postingCount()]).toEqual(before);
    });

    it('refuses a single-line entry, an empty one, and one whose other lines are all zero', async () => {
      const before = [await entryCount(), await postingCount()];
      await expect(
        postEntry(t.db, entry([{ account: { code: 'cash' }, amountFils: 100 }])),
      ).rejects.toBeInstanceOf(UnbalancedEntryError);
      await expect(
        postEntry(t.db, entry([{ account: { code: 'cash' }, amountFils: 0 }])),
      ).rejects.toBeInstanceOf(UnbalancedEntryError);
      await expect(postEntry(t.db, entry([]))).rejects.toBeInstanceOf(UnbalancedEntryError);
      await expect(
        postEntry(
          t.db,
          entry([
            { account: { code: 'cash' }, amountFils: 0 },
            { account: { code: 'interest_income' }, amountFils: 0 },
          ]),
        ),
      ).rejects.toBeInstanceOf(UnbalancedEntryError);
      expect([await entryCount(), await postingCount()]).toEqual(before);
    });

    it('drops zero lines of an otherwise balanced entry', async () => {
      const id = await postEntry(
        t.db,
        entry(
          [
            { account: { code: 'cash' }, amountFils: 700 },
            { account: { code: 'loan_losses' }, amountFils: 0 },
            { account: { code: 'interest_income' }, amountFils: -700 },
          ],
          'repayment',
        ),
      );
      expect(await linesOf(id)).toEqual([
        { code: 'cash', amountFils: 700 },
        { code: 'interest_income', amountFils: -700 },
      ]);
      await reverseEntry(t.db, id, { createdBy: admin.id, memo: 'undo', occurredAt: new Date() });
    });

    it('refuses fractional fils', async () => {
      const before = await entryCount();
      await expect(
        postEntry(
          t.db,
          entry([
            { account: { code: 'cash' }, amountFils: 0.5 },
            { account: { code: 'interest_income' }, amountFils: -0.5 },
          ]),
        ),
      ).rejects.toThrow(RangeError);
      expect(await entryCount()).toBe(before);
    });

    it('writes nothing when the transaction around it fails', async () => {
      const before = [await entryCount(), await postingCount()];
      await expect(
        t.db.transaction(async (tx) => {
          await postEntry(
            tx,
            entry([
              { account: { code: 'cash' }, amountFils: 1_000 },
              { account: { code: 'interest_income' }, amountFils: -1_000 },
            ]),
          );
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');
      expect([await entryCount(), await postingCount()]).toEqual(before);
    });
  });

  it('gives 0 (not -0) as the savings and balance of an account without postings', async () => {
    const user = await t.makeUser();
    expect(Object.is(await memberSavingsFils(t.db, user.id), 0)).toBe(true);
    expect(Object.is(await accountBalanceFils(t.db, { code: 'savings', userId: user.id }), 0)).toBe(
      true,
    );
  });

  describe('append-only journal', () => {
    let entryId: number;
    beforeAll(async () => {
      entryId = await postEntry(
        t.db,
        entry(
          [
            { account: { code: 'cash' }, amountFils: 4_200 },
            { account: { code: 'interest_income' }, amountFils: -4_200 },
          ],
          'repayment',
        ),
      );
    });
    // Interest income without a repaid installment would put the books and the tables at odds.
    afterAll(() =>
      reverseEntry(t.db, entryId, { createdBy: admin.id, memo: 'undo', occurredAt: new Date() }),
    );

    it.each([
      [
        'UPDATE journal_entries',
        (id: number) => sql`update journal_entries set memo = 'edited' where id = ${id}`,
      ],
      ['DELETE journal_entries', (id: number) => sql`delete from journal_entries where id = ${id}`],
      [
        'UPDATE postings',
        (id: number) =>
          sql`update postings set amount_fils = amount_fils * 2 where entry_id = ${id}`,
      ],
      ['DELETE postings', (id: number) => sql`delete from postings where entry_id = ${id}`],
    ])('%s raises, and the row stays as it was', async (_name, statement) => {
      const before = await linesOf(entryId);
      const [original] = await t.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, entryId));
      expect(await failure(t.db.execute(statement(entryId)))).toMatch(
        /journal rows are append-only/,
      );
      expect(await linesOf(entryId)).toEqual(before);
      const [after] = await t.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, entryId));
      expect(after).toEqual(original);
    });

    it('TRUNCATE of the journal raises too (it deletes every row at once)', async () => {
      class Rollback extends Error {}
      const before = await postingCount();
      const outcomes: string[] = [];
      // With every table that refers to the journal, so that only the rule can refuse it.
      for (const table of [
        'postings',
        'journal_entries, postings, bonus_periods, bonus_allocations, imports, import_members, bank_lines, bank_statement_lines, bank_line_keys, book_years, cash_not_in_bank',
      ]) {
        await t.db
          .transaction(async (tx) => {
            outcomes.push(await failure(tx.execute(sql.raw(`truncate table ${table}`))));
            // Whatever happened, undo it: the rest of this file needs its journal.
            throw new Rollback();
          })
          .catch((e: unknown) => {
            if (!(e instanceof Rollback)) throw e;
          });
      }
      expect(await postingCount()).toBe(before);
      for (const outcome of outcomes) expect(outcome).toMatch(/append-only/);
    });

    it('refuses a zero posting written around postEntry', async () => {
      const [account] = await t.db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, 'cash'));
      expect(
        await failure(
          t.db.insert(postings).values({ entryId, accountId: account!.id, amountFils: 0 }),
        ),
      ).toMatch(/postings_amount_nonzero/);
    });
  });

  describe('reverseEntry', () => {
    it('writes the negated entry, pointing at the original, and restores every balance', async () => {
      const user = await t.makeUser();
      const codes = ['cash', 'interest_income', `savings:${user.id}`];
      const before = await balances(codes);
      const original = await postEntry(
        t.db,
        entry([
          { account: { code: 'cash' }, amountFils: 30_000 },
          { account: { code: 'savings', userId: user.id }, amountFils: -20_000 },
          { account: { code: 'interest_income' }, amountFils: -10_000 },
        ]),
      );
      expect(await balances(codes)).toEqual({
        cash: before.cash! + 30_000,
        interest_income: before.interest_income! - 10_000,
        [`savings:${user.id}`]: -20_000,
      });

      const reversal = await reverseEntry(t.db, original, {
        createdBy: admin.id,
        memo: 'Entered twice',
        occurredAt: new Date(),
      });
      expect(reversal).not.toBe(original);
      const [row] = await t.db.select().from(journalEntries).where(eq(journalEntries.id, reversal));
      expect(row).toMatchObject({
        kind: 'reversal',
        reversesEntryId: original,
        memo: 'Entered twice',
        createdBy: admin.id,
      });
      const negated = (await linesOf(original)).map((l) => ({
        code: l.code,
        amountFils: -l.amountFils,
      }));
      expect(await linesOf(reversal)).toEqual(negated);
      expect(await balances(codes)).toEqual({ ...before, [`savings:${user.id}`]: 0 });
      // The original stays in the books: a correction is a new entry, never an edit.
      expect(await linesOf(original)).toHaveLength(3);
      expect(await unbalancedEntries(t.db)).toEqual([]);
      await t.expectBooksBalance();
    });

    it('refuses to undo money that came in once it was paid out: cash never goes below zero', async () => {
      const user = await t.makeUser();
      const cash = (await balances(['cash'])).cash!;
      const dues = await postEntry(
        t.db,
        entry([
          { account: { code: 'cash' }, amountFils: 10_000 },
          { account: { code: 'savings', userId: user.id }, amountFils: -10_000 },
        ]),
      );
      // All the cash paid out (the savings account stands in for where it went).
      const payout = await postEntry(
        t.db,
        entry([
          { account: { code: 'savings', userId: user.id }, amountFils: cash + 10_000 },
          { account: { code: 'cash' }, amountFils: -(cash + 10_000) },
        ]),
      );
      const undo = { createdBy: admin.id, memo: 'undo', occurredAt: new Date() };
      await expect(reverseEntry(t.db, dues, undo)).rejects.toMatchObject({ statusCode: 409 });
      await reverseEntry(t.db, payout, undo);
      await reverseEntry(t.db, dues, undo);
      await t.expectBooksBalance();
    });

    it('refuses an entry that does not exist', async () => {
      await expect(
        reverseEntry(t.db, 9_999_999, { createdBy: null, memo: 'x', occurredAt: new Date() }),
      ).rejects.toThrow();
    });

    it('refuses to reverse the same entry twice, which would leave it reversed one time too many', async () => {
      const codes = ['cash', 'interest_income'];
      const before = await balances(codes);
      const original = await postEntry(
        t.db,
        entry(
          [
            { account: { code: 'cash' }, amountFils: 2_500 },
            { account: { code: 'interest_income' }, amountFils: -2_500 },
          ],
          'repayment',
        ),
      );
      await reverseEntry(t.db, original, {
        createdBy: admin.id,
        memo: 'first correction',
        occurredAt: new Date(),
      });
      const count = await entryCount();
      const second = await reverseEntry(t.db, original, {
        createdBy: admin.id,
        memo: 'clicked twice',
        occurredAt: new Date(),
      }).then(
        (id) => ({ id }),
        (error: unknown) => ({ error }),
      );
      const countAfter = await entryCount();
      const balancesAfter = await balances(codes);
      // Should the second one go through, undo it, so the rest of this file keeps whole books.
      if ('id' in second)
        await reverseEntry(t.db, second.id, {
          createdBy: admin.id,
          memo: 'undo',
          occurredAt: new Date(),
        });
      expect('error' in second).toBe(true);
      expect(countAfter).toBe(count);
      expect(balancesAfter).toEqual(before);
    });
  });

  describe('trialBalance', () => {
    it('sums debits and credits per account and in total', async () => {
      const tb0 = await trialBalance(t.db);
      const a = await t.makeUser();
      const b = await t.makeUser();
      const posted = [
        [
          { account: { code: 'cash' as const }, amountFils: 20_000 },
          { account: { code: 'savings' as const, userId: a.id }, amountFils: -20_000 },
        ],
        [
          { account: { code: 'cash' as const }, amountFils: 15_050 },
          { account: { code: 'savings' as const, userId: b.id }, amountFils: -15_050 },
        ],
        [
          { account: { code: 'savings' as const, userId: a.id }, amountFils: 5_000 },
          { account: { code: 'cash' as const }, amountFils: -5_000 },
        ],
      ];
      const ids: number[] = [];
      for (const lines of posted) ids.push(await postEntry(t.db, entry(lines)));

      const tb = await trialBalance(t.db);
      const debitsAdded = posted
        .flat()
        .filter((l) => l.amountFils > 0)
        .reduce((s, l) => s + l.amountFils, 0);
      expect(tb.totalDebitsFils - tb0.totalDebitsFils).toBe(debitsAdded);
      expect(tb.totalCreditsFils - tb0.totalCreditsFils).toBe(debitsAdded);
      expect(tb.balanced).toBe(true);
      expect(tb.accounts.reduce((s, x) => s + x.balanceFils, 0)).toBe(0);
      expect(tb.accounts.find((x) => x.code === `savings:${a.id}`)).toMatchObject({
        type: 'liability',
        debitsFils: 5_000,
        creditsFils: 20_000,
        balanceFils: -15_000,
      });
      expect(tb.accounts.find((x) => x.code === `savings:${b.id}`)).toMatchObject({
        debitsFils: 0,
        creditsFils: 15_050,
        balanceFils: -15_050,
      });
      const cash0 = tb0.accounts.find((x) => x.code === 'cash')!;
      expect(tb.accounts.find((x) => x.code === 'cash')).toMatchObject({
        type: 'asset',
        debitsFils: cash0.debitsFils + 35_050,
        creditsFils: cash0.creditsFils + 5_000,
      });
      expect(tb.accounts.map((x) => x.code)).toEqual([...tb.accounts.map((x) => x.code)].sort());

      // Newest first, as a correction undoes: cash never goes below zero on the way.
      for (const id of ids.reverse())
        await reverseEntry(t.db, id, { createdBy: admin.id, memo: 'undo', occurredAt: new Date() });
      await t.expectBooksBalance();
    });
  });

  describe('property: dues approvals and loan repayments keep the books whole', () => {
    type Command =
      | {
          kind: 'dues';
          member: number;
          amountFils: number;
          review: 'approve' | 'correct' | 'reject';
          correctedFils: number;
        }
      | { kind: 'repay'; member: number; percent: number; loanSteps: number; term: number };

    const command: fc.Arbitrary<Command> = fc.oneof(
      fc.record({
        kind: fc.constant('dues' as const),
        member: fc.nat({ max: 2 }),
        // Up to the monthly due of 200 AED: a month takes no more (part payments, issue 20).
        amountFils: fc.integer({ min: 1, max: 20_000 }),
        review: fc.constantFrom('approve' as const, 'correct' as const, 'reject' as const),
        correctedFils: fc.integer({ min: 1, max: 20_000 }),
      }),
      fc.record({
        kind: fc.constant('repay' as const),
        member: fc.nat({ max: 2 }),
        percent: fc.integer({ min: 1, max: 100 }),
        loanSteps: fc.nat({ max: 45 }),
        term: fc.integer({ min: 1, max: 24 }),
      }),
    );

    it("the trial balance stays zero and each member's savings equal the sum of their approved dues", async () => {
      const members = [await t.makeUser(), await t.makeUser(), await t.makeUser()];
      await t.fundCash(100_000_000);
      // The model: what the books must say, worked out from the commands alone.
      const savings = new Map<number, number>(members.map((m) => [m.id, 0]));
      let cash = await accountBalanceFils(t.db, { code: 'cash' });
      let period = 0;

      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 6 }), async (commands) => {
          for (const c of commands) {
            const user = members[c.member]!;
            const now = new Date();
            if (c.kind === 'dues') {
              period += 1;
              const [p] = await t.db
                .insert(payments)
                .values({
                  userId: user.id,
                  kind: 'dues',
                  period: `${1000 + period}-01`,
                  amountFils: c.amountFils,
                  accountNumber: 'x',
                })
                .returning();
              if (c.review === 'reject') {
                await rejectPayment(t.db, p!.id, admin, 'not readable', now);
              } else {
                const credited = c.review === 'correct' ? c.correctedFils : c.amountFils;
                await approvePayment(
                  t.db,
                  p!.id,
                  admin,
                  now,
                  // These rows carry no receipt, so the amount received is always given.
                  credited,
                );
                savings.set(user.id, savings.get(user.id)! + credited);
                cash += credited;
              }
            } else {
              let [loan] = await t.db
                .select()
                .from(loans)
                .where(and(eq(loans.userId, user.id), eq(loans.state, 'active')));
              if (!loan) {
                const amountFils = 50_000 + c.loanSteps * 10_000;
                const applied = await applyForLoan(
                  t.db,
                  user.id,
                  loanApplication({ amountFils, termMonths: c.term }),
                  now,
                );
                await approveLoan(t.db, applied.id, admin, now);
                loan = await disburseLoan(t.db, applied.id, admin, now);
                cash -= amountFils;
              }
              const outstanding = outstandingFils(await installmentsOf(t.db, loan.id));
              const amountFils = Math.max(1, Math.floor((outstanding * c.percent) / 100));
              const submitted = await submitLoanRepayment(t.db, user.id, { amountFils }, now);
              await approvePayment(t.db, submitted.id, admin, now, amountFils);
              cash += amountFils;
              const [after] = await t.db
                .select({ state: loans.state })
                .from(loans)
                .where(eq(loans.id, loan.id));
              expect(after!.state).toBe(amountFils === outstanding ? 'closed' : 'active');
            }
          }

          const tb = await trialBalance(t.db);
          expect(tb.totalDebitsFils).toBe(tb.totalCreditsFils);
          expect(tb.accounts.reduce((s, a) => s + a.balanceFils, 0)).toBe(0);
          expect(await unbalancedEntries(t.db)).toEqual([]);
          expect(await accountBalanceFils(t.db, { code: 'cash' })).toBe(cash);
          for (const m of members) {
            // `+ 0` folds -0 into 0: see the test of a member with no postings for that on its own.
            expect((await memberSavingsFils(t.db, m.id)) + 0).toBe(savings.get(m.id));
            const [row] = await t.db
              .select({ total: sql<string | null>`sum(${payments.approvedAmountFils})` })
              .from(payments)
              .where(
                and(
                  eq(payments.userId, m.id),
                  eq(payments.kind, 'dues'),
                  eq(payments.status, 'approved'),
                ),
              );
            expect(Number(row?.total ?? 0)).toBe(savings.get(m.id));
          }
          await t.expectBooksBalance();
        }),
        { numRuns: 25 },
      );
    });
  });
  describe('month totals (the overview reads them instead of every posting)', () => {
    const monthTotalProblems = async () =>
      (await ledgerConsistencyProblems(t.db)).filter((p) => p.startsWith('month total'));

    // A month's totals for the tests that take whichever row there is, alone too: an entry and
    // its reversal, which leave the books whole.
    beforeAll(async () => {
      const id = await postEntry(t.db, {
        ...entry(
          [
            { account: { code: 'cash' }, amountFils: 1_000 },
            { account: { code: 'interest_income' }, amountFils: -1_000 },
          ],
          'repayment',
        ),
        occurredAt: new Date('2031-05-10T08:00:00Z'),
      });
      await reverseEntry(t.db, id, {
        createdBy: admin.id,
        memo: 'undo',
        occurredAt: new Date('2031-05-10T08:00:00Z'),
      });
    });

    it("keeps each Dubai month's totals by class with every entry and reversal", async () => {
      const member = await t.makeUser();
      const monthTotal = async (month: string, accountClass: string) => {
        const [row] = await t.db
          .select({ total: ledgerMonthTotals.totalFils })
          .from(ledgerMonthTotals)
          .where(
            and(
              eq(ledgerMonthTotals.month, month),
              eq(ledgerMonthTotals.accountClass, accountClass),
            ),
          );
        return row?.total ?? 0;
      };
      const before = {
        savings: await monthTotal('2031-02', 'savings'),
        cash: await monthTotal('2031-02', 'cash'),
        march: await monthTotal('2031-03', 'cash'),
      };
      // 31 January 21:00 UTC is already 1 February in Dubai.
      const first = await postEntry(t.db, {
        ...entry([
          { account: { code: 'cash' }, amountFils: 20_000 },
          { account: { code: 'savings', userId: member.id }, amountFils: -20_000 },
        ]),
        occurredAt: new Date('2031-01-31T21:00:00Z'),
      });
      const second = await postEntry(t.db, {
        ...entry([
          { account: { code: 'cash' }, amountFils: 5_000 },
          { account: { code: 'savings', userId: member.id }, amountFils: -5_000 },
        ]),
        occurredAt: new Date('2031-02-10T08:00:00Z'),
      });
      expect(await monthTotal('2031-02', 'savings')).toBe(before.savings - 25_000);
      expect(await monthTotal('2031-02', 'cash')).toBe(before.cash + 25_000);
      await reverseEntry(t.db, first, {
        createdBy: admin.id,
        memo: 'wrong member',
        occurredAt: new Date('2031-03-02T08:00:00Z'),
      });
      expect(await monthTotal('2031-03', 'cash')).toBe(before.march - 20_000);
      // Undo the other one too, after the month it is in: savings without dues would put the
      // books and the tables at odds for the tests that check them whole.
      await reverseEntry(t.db, second, {
        createdBy: admin.id,
        memo: 'undo',
        occurredAt: new Date('2031-03-02T08:00:00Z'),
      });
      // (These entries are made up, with no receipts behind them: only the month totals'
      // part of the consistency check applies.)
      expect(await monthTotalProblems()).toEqual([]);
    });

    it('the consistency check finds a month total that disagrees with the postings', async () => {
      const [row] = await t.db.select().from(ledgerMonthTotals).limit(1);
      const ofRow = and(
        eq(ledgerMonthTotals.month, row!.month),
        eq(ledgerMonthTotals.accountClass, row!.accountClass),
      );
      const drifted = async (change: Partial<typeof ledgerMonthTotals.$inferInsert>) => {
        await t.db.update(ledgerMonthTotals).set(change).where(ofRow);
        try {
          return await monthTotalProblems();
        } finally {
          await t.db.update(ledgerMonthTotals).set(row!).where(ofRow);
        }
      };
      const { totalFils, debitsFils } = row!;
      expect(await drifted({ totalFils: totalFils + 1, debitsFils: debitsFils + 1 })).toEqual([
        `month total ${row!.month} ${row!.accountClass}: kept ${totalFils + 1} fils, postings sum to ${totalFils}`,
      ]);
      // Debits and credits both off by as much: the total agrees, the trial balance would not.
      expect(
        await drifted({ debitsFils: debitsFils + 7, creditsFils: row!.creditsFils + 7 }),
      ).toEqual([
        `month total ${row!.month} ${row!.accountClass}: kept ${debitsFils + 7} fils of debits, postings debit ${debitsFils}`,
      ]);
      expect(await monthTotalProblems()).toEqual([]);
    });

    it('refuses a month total that is not its debits less its credits', async () => {
      const [row] = await t.db.select().from(ledgerMonthTotals).limit(1);
      await expect(
        t.db
          .update(ledgerMonthTotals)
          .set({ totalFils: row!.totalFils + 1 })
          .where(
            and(
              eq(ledgerMonthTotals.month, row!.month),
              eq(ledgerMonthTotals.accountClass, row!.accountClass),
            ),
          ),
      ).rejects.toThrow();
    });
  });
});
