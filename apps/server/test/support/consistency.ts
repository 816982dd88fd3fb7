import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.ts';
import { loanGuarantees, loanInstallments, loans } from '../../src/db/schema/loans.ts';
import { bonusAllocations, bonusPeriods } from '../../src/db/schema/bonus.ts';
import { importMembers } from '../../src/db/schema/imports.ts';
import { duesMonths, payments } from '../../src/db/schema/payments.ts';
import { exits } from '../../src/db/schema/exits.ts';
import { users } from '../../src/db/schema/users.ts';
import {
  accountBalanceFils,
  loanReceivableFils,
  memberSavingsFils,
  monthTotalsOfPostings,
} from '../../src/features/ledger/public.ts';

/**
 * The cached figures (installment payments, approved submissions) against the ledger, which
 * is the truth. Returns a list of disagreements; an empty list means the books and the
 * business tables tell the same story.
 */
export async function ledgerConsistencyProblems(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  const allLoans = await db.select().from(loans);
  let paidInterest = 0;
  // Interest repaid before an import brought a loan in is in opening equity, not income.
  let interestBeforeImport = 0;
  for (const loan of allLoans) {
    const [row] = await db
      .select({
        unpaidPrincipal: sql<
          string | null
        >`sum(${loanInstallments.principalFils} - ${loanInstallments.paidPrincipalFils})`,
        paidInterest: sql<string | null>`sum(${loanInstallments.paidInterestFils})`,
      })
      .from(loanInstallments)
      .where(eq(loanInstallments.loanId, loan.id));
    paidInterest += Number(row?.paidInterest ?? 0);
    interestBeforeImport += loan.openingInterestPaidFils ?? 0;
    const receivable = await loanReceivableFils(db, loan.id);
    const expected = loan.state === 'active' ? Number(row?.unpaidPrincipal ?? 0) : 0;
    if (receivable !== expected) {
      problems.push(
        `loan ${loan.id} (${loan.state}): receivable ${receivable} fils, schedule says ${expected}`,
      );
    }
  }
  // Interest shared out by a closed bonus period has moved from income to members' savings.
  const [shared] = await db
    .select({ total: sql<string | null>`sum(${bonusPeriods.interestFils})` })
    .from(bonusPeriods);
  // ...and so has the share paid to a member who left (docs/domain/leaving.md).
  const [atExit] = await db
    .select({ total: sql<string | null>`sum(${exits.shareOutFils})` })
    .from(exits);
  const sharedFils = Number(shared?.total ?? 0) + Number(atExit?.total ?? 0);
  const income = 0 - (await accountBalanceFils(db, { code: 'interest_income' }));
  if (income !== paidInterest - interestBeforeImport - sharedFils)
    problems.push(
      `interest income ${income} fils, installments say ${paidInterest} less ${interestBeforeImport} before an import and ${sharedFils} shared out`,
    );

  const [allFines] = await db
    .select({ total: sql<string | null>`sum(${duesMonths.fineFils} - ${duesMonths.waivedFils})` })
    .from(duesMonths);
  const finesIncome = 0 - (await accountBalanceFils(db, { code: 'fines_income' }));
  if (finesIncome !== Number(allFines?.total ?? 0))
    problems.push(
      `fines income ${finesIncome} fils, months fined less waivers say ${allFines?.total ?? 0}`,
    );

  const members = await db.select({ id: users.id }).from(users);
  for (const m of members) {
    const [row] = await db
      .select({ total: sql<string | null>`sum(${payments.approvedAmountFils})` })
      .from(payments)
      .where(
        and(
          eq(payments.userId, m.id),
          eq(payments.kind, 'dues'),
          eq(payments.status, 'approved'),
          // A month an import carried over came in with the opening entry's savings.
          eq(payments.carriedOver, false),
        ),
      );
    const [imported] = await db
      .select({ total: sql<string | null>`sum(${importMembers.savingsFils})` })
      .from(importMembers)
      .where(eq(importMembers.userId, m.id));
    const [bonus] = await db
      .select({ total: sql<string | null>`sum(${bonusAllocations.amountFils})` })
      .from(bonusAllocations)
      .where(eq(bonusAllocations.userId, m.id));
    // A write-off with recovery took from the savings its guarantees held.
    const [recovered] = await db
      .select({ total: sql<string | null>`sum(${loanGuarantees.recoveredFils})` })
      .from(loanGuarantees)
      .where(eq(loanGuarantees.guarantorId, m.id));
    // Payments pay a month's due first; what they paid above it paid the month's late fine.
    const [finesPaid] = await db
      .execute(
        sql`select coalesce(sum(greatest(paid - due, 0)), 0) as total
      from (select sum(approved_amount_fils) as paid, max(month_due_fils) as due from payments
        where user_id = ${m.id} and kind = 'dues' and status = 'approved' and not carried_over
        group by period) months`,
      )
      .then((r) => (r as unknown as { rows: Array<{ total: string }> }).rows);
    // What leaving settled: the share in, the loan and the fines from the savings, the payouts.
    const [left] = await db
      .select({
        share: sql<string | null>`sum(${exits.shareOutFils})`,
        loan: sql<string | null>`sum(${exits.loanRepaidFils})`,
        fines: sql<string | null>`sum(${exits.finesPaidFils})`,
        paidOut: sql<string | null>`sum(${exits.paidOutFils})`,
      })
      .from(exits)
      .where(eq(exits.userId, m.id));
    const finesAtExitFils = Number(left?.fines ?? 0);
    const exitFils =
      Number(left?.share ?? 0) -
      Number(left?.loan ?? 0) -
      finesAtExitFils -
      Number(left?.paidOut ?? 0);
    const finesPaidFils = Number(finesPaid?.total ?? 0);
    const [fined] = await db
      .select({ total: sql<string | null>`sum(${duesMonths.fineFils} - ${duesMonths.waivedFils})` })
      .from(duesMonths)
      .where(eq(duesMonths.userId, m.id));
    const finesOwed = await accountBalanceFils(db, { code: 'fines', userId: m.id });
    if (finesOwed !== Number(fined?.total ?? 0) - finesPaidFils - finesAtExitFils)
      problems.push(
        `member ${m.id}: fines owed ${finesOwed} fils, fined ${Number(fined?.total ?? 0)} less waivers, ${finesPaidFils} paid and ${finesAtExitFils} settled at exit`,
      );
    // Entries the committee made by hand on the savings, and their corrections.
    const [byHand] = await db
      .execute(
        sql`select coalesce(-sum(p.amount_fils), 0) as total
      from postings p join ledger_accounts a on a.id = p.account_id
      join journal_entries e on e.id = p.entry_id
      left join journal_entries o on o.id = e.reverses_entry_id
      where a.code = ${`savings:${m.id}`} and (e.kind = 'journal' or o.kind = 'journal')`,
      )
      .then((r) => (r as unknown as { rows: Array<{ total: string }> }).rows);
    const handFils = Number(byHand?.total ?? 0);
    const dues = Number(row?.total ?? 0) - finesPaidFils;
    const bonusFils = Number(bonus?.total ?? 0);
    const openingFils = Number(imported?.total ?? 0);
    const recoveredFils = Number(recovered?.total ?? 0);
    const savings = await memberSavingsFils(db, m.id);
    if (savings !== dues + bonusFils + openingFils - recoveredFils + exitFils + handFils) {
      problems.push(
        `member ${m.id}: savings ${savings} fils, approved dues ${dues}, bonus ${bonusFils} and ${openingFils} brought in, ${recoveredFils} recovered for guarantees, ${exitFils} settled at exit, ${handFils} by hand`,
      );
    }
  }
  // A member who left, paid out in full, owes nothing and holds nothing.
  const closed = await db
    .select({ userId: exits.userId })
    .from(exits)
    .where(eq(exits.state, 'closed'));
  for (const { userId } of closed) {
    const savings = await memberSavingsFils(db, userId);
    const fines = await accountBalanceFils(db, { code: 'fines', userId });
    const open = await db
      .select({ id: loans.id })
      .from(loans)
      .where(
        and(eq(loans.userId, userId), sql`${loans.state} in ('pending', 'approved', 'active')`),
      );
    if (savings !== 0 || fines !== 0 || open.length > 0)
      problems.push(
        `member ${userId} left but holds ${savings} fils of savings, owes ${fines} of fines and has ${open.length} loan open`,
      );
  }
  // The month totals kept beside the journal (overview, trial balance) against the postings;
  // a check constraint keeps each total its debits less its credits.
  const drift = (await db.execute(sql`select coalesce(t.month, k.month) as month,
      coalesce(t.account_class, k.account_class) as account_class,
      coalesce(k.total_fils, 0) as kept, coalesce(t.total_fils, 0) as postings,
      coalesce(k.debits_fils, 0) as kept_debits, coalesce(t.debits_fils, 0) as debits
    from (${monthTotalsOfPostings()}) t
    full join ledger_month_totals k on k.month = t.month and k.account_class = t.account_class
    where coalesce(k.total_fils, 0) <> coalesce(t.total_fils, 0)
      or coalesce(k.debits_fils, 0) <> coalesce(t.debits_fils, 0)`)) as unknown as {
    rows: Array<{
      month: string;
      account_class: string;
      kept: string;
      postings: string;
      kept_debits: string;
      debits: string;
    }>;
  };
  for (const r of drift.rows) {
    problems.push(
      r.kept === r.postings
        ? `month total ${r.month} ${r.account_class}: kept ${r.kept_debits} fils of debits, postings debit ${r.debits}`
        : `month total ${r.month} ${r.account_class}: kept ${r.kept} fils, postings sum to ${r.postings}`,
    );
  }
  // The movements no bank line holds, kept by triggers (the reconciliation's list), against
  // the entries' postings and the lines.
  const open =
    (await db.execute(sql`select coalesce(k.entry_id, d.id) as id, k.entry_id is not null as kept
    from cash_not_in_bank k
    full join (select e.id from journal_entries e
       where e.kind not in ('opening', 'reversal')
         and exists (select 1 from postings p join ledger_accounts a on a.id = p.account_id
                      where p.entry_id = e.id and a.code = 'cash')
         and not exists (select 1 from bank_lines b where b.entry_id = e.id)) d on d.id = k.entry_id
    where k.entry_id is null or d.id is null`)) as unknown as {
      rows: Array<{ id: string; kept: boolean }>;
    };
  for (const r of open.rows)
    problems.push(
      r.kept
        ? `entry ${r.id} is kept as not in the bank, but a line holds it or it moves no cash`
        : `entry ${r.id} moves cash and no line holds it, but it is not kept as not in the bank`,
    );
  // Cash never went below zero, entry after entry (postEntry refuses a payout it cannot cover).
  const belowZero = (await db.execute(sql`select entry_id, running from (
      select p.entry_id, sum(sum(p.amount_fils)) over (order by p.entry_id) as running
      from postings p join ledger_accounts a on a.id = p.account_id
      where a.code = 'cash' group by p.entry_id) t
    where running < 0 order by entry_id limit 1`)) as unknown as {
    rows: Array<{ entry_id: string; running: string }>;
  };
  for (const r of belowZero.rows)
    problems.push(`cash went below zero, to ${r.running} fils, at entry ${r.entry_id}`);
  return problems;
}
