import { eq } from 'drizzle-orm';
import type { AdminLoan } from '@jamiya/contracts/loans';
import type { FundProposal } from '@jamiya/contracts/proposals';
import type { Db } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import type { Actor } from '../../lib/actor.ts';
import { toProposalViews, type Decision, type ProposalRow } from '../proposals/public.ts';
import { approveLoan, rejectLoan } from './decisions.ts';
import { disburseOrPropose } from './disburse.ts';
import { adminLoanOf, toAdminLoanOf } from './loan-view.ts';
import { cashRepaymentOrPropose, type CashRepayment } from './repayment.ts';
import type { Loan } from './transition.ts';
import { writeOffOrPropose, type AfterRecovery } from './write-off.ts';

// The answers of the treasurer's loan actions: 200 with the loan as it now stands, or 202 when
// the action waits for a second admin (docs/domain/maker-checker.md).

type LoanActionAnswer =
  | { status: 200; body: { message: string; loan: AdminLoan } }
  | {
      status: 202;
      body: {
        message: string;
        loan: AdminLoan;
        pending_confirmation: true;
        proposal: FundProposal;
      };
    };

export type LoanActionBody =
  { reason?: string | undefined; recover_from_guarantors?: boolean | undefined } | null | undefined;

/** What an action needs: the database, and what app.ts does after a recovery from guarantors. */
interface LoanActionDeps {
  db: Db;
  afterRecovery: AfterRecovery;
}

/** One loan action of the admin routes' table; `message` is the 200's, marked in the table. */
export type LoanAction = (
  deps: LoanActionDeps,
  call: { loanId: number; actor: Actor & { id: number }; body: LoanActionBody },
  message: string,
) => Promise<LoanActionAnswer>;

/** The 202 of a loan action that waits for a second admin: the loan as it stands, the proposal. */
async function proposedLoanAnswer(db: Db, proposed: ProposalRow): Promise<LoanActionAnswer> {
  const [loanRow] = await db.select().from(loans).where(eq(loans.id, proposed.loanId!));
  const [proposal] = await toProposalViews(
    db,
    [proposed],
    new Map([[loanRow!.id, loanRow!.userId]]),
  );
  return {
    status: 202,
    body: {
      message: /*i18n*/ 'Proposed. A second admin must confirm it before any money moves.',
      loan: await toAdminLoanOf(db, loanRow!, new Date()),
      pending_confirmation: true,
      proposal: proposal!,
    },
  };
}

/** The answer of a decision: the proposal made, or `message` and the loan it carried out. */
async function decisionAnswer(
  db: Db,
  decision: Decision<Loan>,
  message: string,
): Promise<LoanActionAnswer> {
  if ('proposed' in decision) return proposedLoanAnswer(db, decision.proposed);
  return {
    status: 200,
    body: { message, loan: await toAdminLoanOf(db, decision.done, new Date()) },
  };
}

const carriedOut = (loan: Loan): Decision<Loan> => ({ done: loan, proposal: null });

export const approvedLoanAnswer: LoanAction = async ({ db }, { loanId, actor, body }, message) =>
  decisionAnswer(
    db,
    carriedOut(await approveLoan(db, loanId, actor, new Date(), body?.reason || null)),
    message,
  );

export const rejectedLoanAnswer: LoanAction = async ({ db }, { loanId, actor, body }, message) =>
  decisionAnswer(
    db,
    carriedOut(await rejectLoan(db, loanId, actor, body?.reason ?? '', new Date())),
    message,
  );

export const disbursedLoanAnswer: LoanAction = async ({ db }, { loanId, actor }, message) =>
  decisionAnswer(db, await disburseOrPropose(db, loanId, actor, new Date()), message);

export const writtenOffLoanAnswer: LoanAction = async (
  { db, afterRecovery },
  { loanId, actor, body },
  message,
) =>
  decisionAnswer(
    db,
    await writeOffOrPropose(
      db,
      loanId,
      actor,
      body?.reason ?? '',
      new Date(),
      body?.recover_from_guarantors === true,
      afterRecovery,
    ),
    message,
  );

/**
 * A repayment received in cash, carried out or proposed. Carried out, the loan is read again
 * for the answer, as the repayment left it.
 */
export async function cashRepaymentAnswer(db: Db, input: CashRepayment): Promise<LoanActionAnswer> {
  const decision = await cashRepaymentOrPropose(db, input);
  if ('proposed' in decision) return proposedLoanAnswer(db, decision.proposed);
  return {
    status: 200,
    body: {
      message: /*i18n*/ 'The repayment was recorded.',
      loan: await adminLoanOf(db, input.loanId, new Date()),
    },
  };
}
