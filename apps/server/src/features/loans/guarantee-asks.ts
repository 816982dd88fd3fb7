// Asking members to stand guarantor (docs/domain/guarantors.md): checked, asked, covered, ended.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { loanGuarantees } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { guaranteeNotice, notify } from '../notifications/public.ts';
import { nameOf } from './guarantors.ts';

export interface GuarantorAsked {
  memberId: string;
  amountFils: Fils;
}

const guarantorField = (i: number) => `guarantors.${i}.member_id`;

/**
 * The guarantors an application names, checked: active members other than the borrower, each
 * named once, together covering `neededFils` and no more than the loan. 422 with each wrong field
 * otherwise. Whether each can stand for their amount is theirs to see when they answer.
 */
export async function checkGuarantors(
  db: DbOrTx,
  borrowerId: number,
  asked: GuarantorAsked[],
  neededFils: Fils,
  loanFils: Fils,
): Promise<Array<{ guarantorId: number; amountFils: Fils }>> {
  const errors: FieldErrors = {};
  const add = (field: string, say: ReturnType<typeof sentence> | string) =>
    (errors[field] ??= []).push(say);
  const ids = [...new Set(asked.map((g) => g.memberId))];
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            uniqueId: users.uniqueId,
            status: users.status,
            isMember: users.isMember,
            leavingOn: users.leavingOn,
          })
          .from(users)
          .where(inArray(users.uniqueId, ids));
  const byMemberId = new Map(found.map((u) => [u.uniqueId, u]));
  const seen = new Set<string>();
  const resolved: Array<{ guarantorId: number; amountFils: Fils }> = [];
  asked.forEach((g, i) => {
    const user = byMemberId.get(g.memberId);
    const id = { id: g.memberId };
    if (seen.has(g.memberId)) add(guarantorField(i), /*i18n*/ 'Name each guarantor only once.');
    else if (user?.id === borrowerId)
      add(guarantorField(i), /*i18n*/ 'You cannot stand guarantor for your own loan.');
    // Unknown, inactive and leaving alike, and nothing of anyone's savings: an application must
    // not tell one member about another (the guarantor's own answer checks their free savings).
    else if (!user || user.status !== 1 || !user.isMember || user.leavingOn)
      add(guarantorField(i), sentence(/*i18n*/ 'There is no active member with the ID {id}.', id));
    else resolved.push({ guarantorId: user.id, amountFils: g.amountFils });
    seen.add(g.memberId);
  });
  const total = asked.reduce((s, g) => s + g.amountFils, 0);
  if (total < neededFils)
    add(
      'guarantors',
      sentence(
        /*i18n*/ 'Guarantors must cover {needed}, the part of the loan above your free savings; those named cover {covered}.',
        { needed: aed(neededFils), covered: aed(total) },
      ),
    );
  else if (total > loanFils)
    add('guarantors', /*i18n*/ 'Guarantors cannot cover more than the loan.');
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]![0]!;
    throw unprocessable(first, errors);
  }
  return resolved;
}

/** Asks each guarantor of a new loan, in the application's transaction. */
export async function askGuarantors(
  tx: DbOrTx,
  loan: { id: number; userId: number; amountFils: Fils },
  guarantors: Array<{ guarantorId: number; amountFils: Fils }>,
  now: Date,
): Promise<void> {
  if (guarantors.length === 0) return;
  await tx.insert(loanGuarantees).values(
    guarantors.map((g) => ({
      loanId: loan.id,
      guarantorId: g.guarantorId,
      amountFils: g.amountFils,
      askedAt: now,
    })),
  );
  const name = await nameOf(tx, loan.userId);
  for (const g of guarantors)
    await notify(tx, {
      ...guaranteeNotice(g.guarantorId, 'guaranteeAsked', {
        name,
        amount: aed(g.amountFils),
        loan: aed(loan.amountFils),
      }),
      at: now,
    });
}

/** What the accepted guarantees of a loan cover. */
export async function coveredFils(db: DbOrTx, loanId: number): Promise<Fils> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${loanGuarantees.amountFils})` })
    .from(loanGuarantees)
    .where(and(eq(loanGuarantees.loanId, loanId), eq(loanGuarantees.state, 'accepted')));
  return Number(row?.total ?? 0);
}

/** Approval waits until the accepted guarantees cover what the loan needs (409 before). */
export async function refuseUncovered(db: DbOrTx, loan: { id: number; guaranteeNeededFils: Fils }) {
  if (loan.guaranteeNeededFils === 0) return;
  const covered = await coveredFils(db, loan.id);
  if (covered < loan.guaranteeNeededFils)
    throw conflict(
      sentence(
        /*i18n*/ 'The accepted guarantees cover {covered} of the {needed} this loan needs; it can be approved once they cover it all.',
        { covered: aed(covered), needed: aed(loan.guaranteeNeededFils) },
      ),
    );
}

/** Approved, the loan no longer waits for the guarantors who did not answer: their asks end. */
export async function cancelUnanswered(tx: DbOrTx, loanId: number, now: Date): Promise<void> {
  await tx
    .update(loanGuarantees)
    .set({ state: 'cancelled', answeredAt: now })
    .where(and(eq(loanGuarantees.loanId, loanId), eq(loanGuarantees.state, 'asked')));
}
