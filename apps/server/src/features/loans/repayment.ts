import { eq } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import { spreadRepayment } from '@jamiya/money/loan';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loanInstallments, loans } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { postEntry } from '../ledger/public.ts';
import { sameAmount, withSecondAdmin, type Decision } from '../proposals/public.ts';
import { installmentsOf, outstandingFils } from './installments.ts';
import { loanRow, refuseOwnLoan, transition, type Loan } from './transition.ts';

// Money coming back on an active loan, spread over its installments and booked.

/**
 * Applies a repayment to the oldest unpaid installments, interest first within each (as
 * Fineract's default strategy), and records it: cash -> loan receivable and interest income.
 * Runs inside the caller's transaction. Closes the loan when the last installment is paid.
 */
export async function applyRepayment(
  tx: DbOrTx,
  input: {
    loanId: number;
    amountFils: Fils;
    actor: Actor;
    now: Date;
    paymentId?: number | null;
    /** When the money moved, if not now (the bank line's day). */
    occurredAt?: Date;
    /** Where the money comes from: cash (a receipt, a bank line), or the member's own savings
     * when they leave (docs/domain/leaving.md). */
    from?: 'cash' | 'savings';
  },
): Promise<{ loan: Loan; entryId: number }> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, input.loanId)).for('update');
  if (!loan) throw notFound(/*i18n*/ 'There is no such loan.');
  refuseOwnLoan(loan.userId, input.actor);
  if (loan.state !== 'active')
    throw conflict(
      sentence(
        /*i18n*/ 'This loan is {state, select, pending {pending} approved {approved} closed {closed} rejected {rejected} withdrawn {withdrawn} written_off {written off} other {{state}}}; only an active loan can be repaid.',
        { state: loan.state },
      ),
    );
  const installments = await installmentsOf(tx, loan.id);
  const outstanding = outstandingFils(installments);
  if (input.amountFils <= 0) throw unprocessable(/*i18n*/ 'The repayment must be more than AED 0.');
  if (input.amountFils > outstanding) {
    const owed = { owed: aed(outstanding) };
    throw unprocessable(
      sentence(/*i18n*/ 'The repayment is more than the {owed} still owed on this loan.', owed),
      { payment_amount: [sentence(/*i18n*/ 'At most {owed}.', owed)] },
    );
  }
  const spread = spreadRepayment(installments, input.amountFils);
  const { principalFils: principal, interestFils: interest } = spread;
  for (const [index, inst] of spread.installments.entries()) {
    if (inst === installments[index]) continue;
    const isPaid =
      inst.paidInterestFils === inst.interestFils && inst.paidPrincipalFils === inst.principalFils;
    await tx
      .update(loanInstallments)
      .set({
        paidInterestFils: inst.paidInterestFils,
        paidPrincipalFils: inst.paidPrincipalFils,
        paidAt: isPaid ? input.now : null,
      })
      .where(eq(loanInstallments.id, inst.id));
  }
  const entryId = await postEntry(tx, {
    kind: 'repayment',
    memo:
      input.from === 'savings'
        ? `Repayment of loan ${loan.id} from savings`
        : `Repayment of loan ${loan.id}`,
    occurredAt: input.occurredAt ?? input.now,
    createdBy: input.actor.id,
    loanId: loan.id,
    paymentId: input.paymentId ?? null,
    lines: [
      {
        account:
          input.from === 'savings' ? { code: 'savings', userId: loan.userId } : { code: 'cash' },
        amountFils: input.amountFils,
      },
      { account: { code: 'loan', loanId: loan.id, userId: loan.userId }, amountFils: -principal },
      { account: { code: 'interest_income' }, amountFils: -interest },
    ],
  });
  if (input.amountFils === outstanding) {
    const closed = await transition(
      tx,
      loan.id,
      ['active'],
      'closed',
      { id: null, role: 'system' },
      'Repaid in full',
      input.now,
    );
    return { loan: closed, entryId };
  }
  return { loan, entryId };
}

/** A repayment received in cash, as the admin records it. */
export interface CashRepayment {
  loanId: number;
  amountFils: Fils;
  note: string | null;
  actor: Actor & { id: number; ip?: string | null };
  now: Date;
}

/**
 * A repayment an admin received in cash, with no receipt: it lowers what a member owes on one
 * admin's word, so it is proposed and carried out by a second admin as a payout is (when the
 * association has two or more active admins). The confirming call must name the same amount.
 */
export function cashRepaymentOrPropose(db: Db, input: CashRepayment): Promise<Decision<Loan>> {
  const { loanId, amountFils, actor, now } = input;
  return db.transaction(async (tx) => {
    const loan = await loanRow(tx, loanId);
    refuseOwnLoan(loan.userId, actor);
    return withSecondAdmin(
      tx,
      { action: 'loan.cash_repayment', loanId, amountFils, reason: input.note },
      actor,
      now,
      async (open) => {
        const note = open ? open.reason : input.note;
        const result = await applyRepayment(tx, { loanId, amountFils, actor, now });
        await audit(tx, {
          actorId: actor.id,
          action: 'loan.cash_repayment',
          targetType: 'loan',
          targetId: loanId,
          reason: note,
          details: { amountFils, entryId: result.entryId },
          ip: actor.ip ?? null,
          at: now,
        });
        return result.loan;
      },
      sameAmount(
        amountFils,
        /*i18n*/ 'Another admin proposed a cash repayment of {amount}: confirm that amount, or withdraw the proposal first.',
      ),
    );
  });
}
