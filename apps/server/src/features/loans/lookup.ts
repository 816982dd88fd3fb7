import { and, eq } from 'drizzle-orm';
import type { LoanState } from '@jamiya/contracts/values';
import type { DbOrTx } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';

// What other features ask of a loan before they act on it (a repayment's checks).

/** A loan's member and state, or undefined when there is no such loan. */
export async function loanOwnerAndState(
  db: DbOrTx,
  loanId: number,
): Promise<{ userId: number; state: LoanState } | undefined> {
  const [loan] = await db
    .select({ userId: loans.userId, state: loans.state })
    .from(loans)
    .where(eq(loans.id, loanId));
  return loan;
}

/**
 * The member's active loan's id, or undefined; with `lock`, its row stays locked to the end of
 * the transaction, so that two repayments are checked one after the other.
 */
export async function activeLoanId(
  db: DbOrTx,
  userId: number,
  lock: boolean,
): Promise<number | undefined> {
  const active = db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.state, 'active')));
  const [loan] = lock ? await active.for('update') : await active;
  return loan?.id;
}
