import { sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { loanFigures, loanSchedule, spreadRepayment } from '@jamiya/money/loan';
import type { DbOrTx } from '../../db/client.ts';
import { loans, loanTransitions } from '../../db/schema/loans.ts';
import { inBatches } from '../../lib/batches.ts';
import { addMonthsToDate, startOfDay } from '../../lib/calendar.ts';

// Loans an association had open before it came to the app (features/imports): active, with
// the schedule the policy computes, and what was repaid before spread over it as a repayment
// in the app is (oldest installment first, interest first).

export interface LoanBeforeCutOver {
  amountFils: Fils;
  termMonths: number;
  /** Paid out on this day (YYYY-MM-DD): the first installment falls due a month after. */
  disbursedOn: string;
  /** Repaid before the cut-over, principal and interest. */
  repaidFils: Fils;
}

/** A loan as it stands at the cut-over: its schedule with what was repaid of each installment. */
export function loanAtCutOver(
  loan: Pick<LoanBeforeCutOver, 'amountFils' | 'termMonths' | 'repaidFils'>,
  interestPermille: number,
) {
  const input = { amountFils: loan.amountFils, termMonths: loan.termMonths, interestPermille };
  const { totalFils, perMonthFils } = loanFigures(input);
  const unpaid = loanSchedule(input).map((i) => ({
    ...i,
    paidPrincipalFils: 0,
    paidInterestFils: 0,
  }));
  const spread = spreadRepayment(unpaid, loan.repaidFils);
  return {
    totalFils,
    perMonthFils,
    installments: roundingForgiven(spread.installments),
    principalOutstandingFils: loan.amountFils - spread.principalFils,
    interestPaidFils: spread.interestFils,
    /** Principal and interest still owed. */
    owedFils: totalFils - loan.repaidFils,
  };
}

/**
 * A spreadsheet computes what was repaid from the total (half of 1,498 is 749); the schedule
 * rounds each month to the fils (three months of 249.67 are 749.01). An installment short by no
 * more than that rounding (half a fils a month so far, rounded up) is paid: the shortfall, all
 * principal, moves onto the last installment, so the schedule still sums to the total.
 */
function roundingForgiven<T extends ReturnType<typeof loanSchedule>[number] & InstallmentPaid>(
  installments: T[],
): T[] {
  const k = installments.findIndex((i) => i.paidPrincipalFils + i.paidInterestFils < i.amountFils);
  const short = installments[k];
  const last = installments.length - 1;
  if (!short || k === last || short.paidPrincipalFils + short.paidInterestFils === 0)
    return installments;
  const shortfall = short.principalFils - short.paidPrincipalFils;
  if (short.paidInterestFils < short.interestFils || shortfall > Math.ceil((k + 1) / 2))
    return installments;
  const moved = (i: T, by: number): T => ({
    ...i,
    amountFils: i.amountFils + by,
    principalFils: i.principalFils + by,
  });
  return installments.map((i, n) =>
    n === k ? moved(i, -shortfall) : n === last ? moved(i, shortfall) : i,
  );
}

interface InstallmentPaid {
  paidPrincipalFils: Fils;
  paidInterestFils: Fils;
}

/**
 * Open loans brought in, in the caller's transaction and a few statements whatever their
 * number: each active, with its schedule and a transition that says where it came from.
 * Answers each loan's id and principal still owed, in the order given.
 */
export async function bringInLoans(
  tx: DbOrTx,
  items: ReadonlyArray<LoanBeforeCutOver & { userId: number; passportOrNid: string }>,
  by: { interestPermille: number; actorId: number; reason: string; now: Date; cutOver: Date },
): Promise<Array<{ loanId: number; userId: number; principalOutstandingFils: Fils }>> {
  const brought: Array<{ loanId: number; userId: number; principalOutstandingFils: Fils }> = [];
  for (const batch of inBatches(items)) {
    const figures = batch.map((item) => loanAtCutOver(item, by.interestPermille));
    const rows = await tx
      .insert(loans)
      .values(
        batch.map((item, i) => ({
          userId: item.userId,
          loanType: 'personal',
          amountFils: item.amountFils,
          termMonths: item.termMonths,
          interestPermille: by.interestPermille,
          totalFils: figures[i]!.totalFils,
          perMonthFils: figures[i]!.perMonthFils,
          bankAccount: '',
          passportOrNid: item.passportOrNid,
          state: 'active' as const,
          disbursedOn: item.disbursedOn,
          openingInterestPaidFils: figures[i]!.interestPaidFils,
          // Applied for and paid out when the association's books say, not on the import's day.
          createdAt: startOfDay(item.disbursedOn),
          updatedAt: by.now,
        })),
      )
      .returning({ id: loans.id });
    // From no state to active: a loan brought in (docs/domain/import.md), which the history
    // says in the reader's language; the reason keeps which import, for the treasurer.
    await tx.insert(loanTransitions).values(
      rows.map((r, i) => ({
        loanId: r.id,
        fromState: null,
        toState: 'active' as const,
        actorId: by.actorId,
        reason: by.reason,
        at: startOfDay(batch[i]!.disbursedOn),
      })),
    );
    const installments = batch.flatMap((item, i) =>
      figures[i]!.installments.map((inst) => ({
        loan_id: rows[i]!.id,
        number: inst.number,
        due_on: addMonthsToDate(item.disbursedOn, inst.number),
        amount_fils: inst.amountFils,
        principal_fils: inst.principalFils,
        interest_fils: inst.interestFils,
        paid_principal_fils: inst.paidPrincipalFils,
        paid_interest_fils: inst.paidInterestFils,
        paid_at:
          inst.paidPrincipalFils === inst.principalFils &&
          inst.paidInterestFils === inst.interestFils
            ? by.cutOver.toISOString()
            : null,
      })),
    );
    // One statement for the batch's installments, read from a JSON parameter.
    await tx.execute(sql`insert into loan_installments (loan_id, number, due_on, amount_fils,
        principal_fils, interest_fils, paid_principal_fils, paid_interest_fils, paid_at)
      select * from jsonb_to_recordset(${JSON.stringify(installments)}::jsonb) as i(loan_id int,
        number int, due_on date, amount_fils bigint, principal_fils bigint, interest_fils bigint,
        paid_principal_fils bigint, paid_interest_fils bigint, paid_at timestamptz)`);
    brought.push(
      ...rows.map((r, i) => ({
        loanId: r.id,
        userId: batch[i]!.userId,
        principalOutstandingFils: figures[i]!.principalOutstandingFils,
      })),
    );
  }
  return brought;
}
