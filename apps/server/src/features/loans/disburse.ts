import { loanSchedule } from '@jamiya/money/loan';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loanInstallments } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { addMonthsToDate, localDate } from '../../lib/calendar.ts';
import { postEntry } from '../ledger/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { loanRow, refuseDeciding, transition, type Loan } from './transition.ts';

// Paying a loan out: its schedule and the money leaving the fund, carried out or proposed for
// a second admin.

/** Pays the loan out: schedule and the journal entry (loan receivable <- cash) in one transaction. */
export function disburseLoan(db: Db, loanId: number, actor: Actor, now: Date): Promise<Loan> {
  return db.transaction((tx) => disburseIn(tx, loanId, actor, now));
}

/**
 * The disbursement as an admin asks for it: carried out, or proposed for a second admin when
 * the association has two or more (maker-checker, features/proposals).
 */
export function disburseOrPropose(
  db: Db,
  loanId: number,
  actor: Actor & { id: number },
  now: Date,
): Promise<Decision<Loan>> {
  return db.transaction(async (tx) => {
    const loan = await loanRow(tx, loanId);
    // Proposing is deciding too: refused before a proposal is made.
    await refuseDeciding(tx, loan, actor);
    return withSecondAdmin(
      tx,
      { action: 'loan.disburse', loanId, amountFils: loan.amountFils },
      actor,
      now,
      () => disburseIn(tx, loanId, actor, now),
    );
  });
}

async function disburseIn(tx: DbOrTx, loanId: number, actor: Actor, now: Date): Promise<Loan> {
  const disbursedOn = localDate(now);
  const loan = await transition(tx, loanId, ['approved'], 'active', actor, null, now, {
    disbursedOn,
  });
  const schedule = loanSchedule({
    amountFils: loan.amountFils,
    termMonths: loan.termMonths,
    interestPermille: loan.interestPermille,
  });
  await tx.insert(loanInstallments).values(
    schedule.map((i) => ({
      loanId,
      number: i.number,
      dueOn: addMonthsToDate(disbursedOn, i.number),
      amountFils: i.amountFils,
      principalFils: i.principalFils,
      interestFils: i.interestFils,
    })),
  );
  // Refused (409, naming the cash in hand) when the loan is more than the cash: postEntry.
  await postEntry(tx, {
    kind: 'disbursement',
    memo: `Loan ${loanId} paid out`,
    occurredAt: now,
    createdBy: actor.id,
    loanId,
    lines: [
      { account: { code: 'loan', loanId, userId: loan.userId }, amountFils: loan.amountFils },
      { account: { code: 'cash' }, amountFils: -loan.amountFils },
    ],
  });
  return loan;
}
