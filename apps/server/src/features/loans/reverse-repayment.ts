import { eq } from 'drizzle-orm';
import type { CorrectionReason } from '@jamiya/contracts/values';
import { unspreadRepayment } from '@jamiya/money/loan';
import type { DbOrTx } from '../../db/client.ts';
import { loanInstallments } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { laterRepaymentOf, reverseEntry, type EntryWithPostings } from '../ledger/public.ts';
import { installmentsOf } from './installments.ts';
import { loanRow, refuseOwnLoan } from './transition.ts';

// A repayment recorded wrongly, corrected by reversal (docs/domain/accounts.md): its money taken
// back from the installments it paid, newest first, and its entry reversed, in the caller's
// transaction. Only the latest repayment of a loan still being repaid: a repayment that paid a
// loan off released its guarantors, and an earlier one is undone after the later ones.

export interface Correction {
  actor: Actor & { id: number };
  memo: string;
  reasonCode: CorrectionReason;
  proposedBy: number | null;
  now: Date;
}

export async function reverseRepayment(
  tx: DbOrTx,
  { entry, postings }: EntryWithPostings,
  by: Correction,
): Promise<{ loanId: number; userId: number; reversalId: number }> {
  if (entry.loanId === null) throw new Error(`repayment ${entry.id} has no loan`);
  const loan = await loanRow(tx, entry.loanId);
  refuseOwnLoan(loan.userId, by.actor);
  const cashFils = postings.find((p) => p.code === 'cash')?.amountFils ?? 0;
  if (cashFils <= 0)
    throw conflict(
      /*i18n*/ 'This repayment was taken from the savings of a member who left: it is part of their leaving, not a payment to correct.',
    );
  if (loan.state !== 'active')
    throw conflict(
      sentence(
        /*i18n*/ 'This loan is {state, select, closed {repaid and its guarantors released} written_off {written off} other {{state}}}: its repayments can no longer be reversed. Record what is owed with a new entry instead.',
        { state: loan.state },
      ),
    );
  const later = await laterRepaymentOf(tx, loan.id, entry.id);
  if (later !== null)
    throw conflict(
      sentence(
        /*i18n*/ 'A later repayment of this loan (entry {later}) stands: correct the latest repayment first.',
        { later },
      ),
    );
  const principalFils = -(postings.find((p) => p.code === `loan:${loan.id}`)?.amountFils ?? 0);
  const interestFils = -(postings.find((p) => p.code === 'interest_income')?.amountFils ?? 0);
  const installments = await installmentsOf(tx, loan.id);
  const back = unspreadRepayment(installments, cashFils);
  if (back.principalFils !== principalFils || back.interestFils !== interestFils)
    throw new Error(`repayment ${entry.id} does not sit on the installments as it was spread`);
  for (const [index, inst] of back.installments.entries()) {
    if (inst === installments[index]) continue;
    await tx
      .update(loanInstallments)
      .set({
        paidPrincipalFils: inst.paidPrincipalFils,
        paidInterestFils: inst.paidInterestFils,
        paidAt: null,
      })
      .where(eq(loanInstallments.id, inst.id));
  }
  const reversalId = await reverseEntry(tx, entry.id, {
    createdBy: by.actor.id,
    memo: by.memo,
    occurredAt: by.now,
    proposedBy: by.proposedBy,
    reasonCode: by.reasonCode,
  });
  return { loanId: loan.id, userId: loan.userId, reversalId };
}
