import { and, eq, inArray, sql } from 'drizzle-orm';
import { allocate } from '@jamiya/money/allocate';
import type { Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loanGuarantees, loans, type LoanState } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  conflict,
  forbidden,
  notFound,
  unprocessable,
  type FieldErrors,
} from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { postEntry, savingsByMember } from '../ledger/public.ts';
import { memberRefsById } from '../users/public.ts';
import { guaranteeNotice, notify } from '../notifications/public.ts';
import { guaranteeRows, heldByGuarantor, type GuaranteeRow } from './holds.ts';

// Members standing guarantor for part of another's loan (docs/domain/guarantors.md): asked when
// the loan is applied for, accepted or declined by each guarantor, holding part of their
// savings while the loan owes, released when it ends, and taken from on a write-off when the
// committee recovers the loss.

export interface GuarantorAsked {
  memberId: string;
  amountFils: Fils;
}

/** A member's savings less what their guarantees hold: what they may borrow on or guarantee. */
export async function freeSavingsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Fils>> {
  const savings = await savingsByMember(db, userIds);
  const held = await heldByGuarantor(db, userIds);
  return new Map(userIds.map((id) => [id, savings.get(id)! - held.get(id)!]));
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

const nameOf = async (db: DbOrTx, userId: number): Promise<string> =>
  (await memberRefsById(db, [userId])).get(userId)?.name ?? '';

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

/**
 * A guarantor answers: the guarantee and its loan are locked, then the guarantor's row, so two
 * answers of one guarantor are checked one after the other against their free savings.
 */
export async function answerGuarantee(
  db: Db,
  guaranteeId: number,
  guarantor: Actor & { id: number },
  answer: 'accepted' | 'declined',
  now: Date,
): Promise<GuaranteeRow> {
  return db.transaction(async (tx) => {
    const [g] = await tx.select().from(loanGuarantees).where(eq(loanGuarantees.id, guaranteeId));
    if (!g || g.guarantorId !== guarantor.id)
      throw notFound(/*i18n*/ 'There is no such guarantee.');
    const [loan] = await tx
      .select({ state: loans.state, userId: loans.userId, amountFils: loans.amountFils })
      .from(loans)
      .where(eq(loans.id, g.loanId))
      .for('update');
    const [me] = await tx
      .select({ status: users.status, leavingOn: users.leavingOn })
      .from(users)
      .where(eq(users.id, guarantor.id))
      .for('update');
    const [current] = await tx
      .select({ state: loanGuarantees.state })
      .from(loanGuarantees)
      .where(eq(loanGuarantees.id, guaranteeId));
    if (current!.state !== 'asked')
      throw conflict(/*i18n*/ 'You have already answered this request.');
    if (loan!.state !== 'pending')
      throw conflict(/*i18n*/ 'This loan application no longer waits for guarantors.');
    if (answer === 'accepted') {
      if (me?.status !== 1)
        throw forbidden(/*i18n*/ 'Your membership is inactive, so you cannot stand guarantor.');
      // A guarantee would hold savings that are about to be paid out (docs/domain/leaving.md).
      if (me.leavingOn)
        throw conflict(
          /*i18n*/ 'You asked to leave the association, so you cannot stand guarantor now.',
        );
      const free = (await freeSavingsOf(tx, [guarantor.id])).get(guarantor.id)!;
      if (g.amountFils > free)
        throw unprocessable(
          sentence(/*i18n*/ 'Your free savings, {free}, are less than this guarantee, {amount}.', {
            free: aed(Math.max(free, 0)),
            amount: aed(g.amountFils),
          }),
        );
    }
    await tx
      .update(loanGuarantees)
      .set({ state: answer, answeredAt: now })
      .where(eq(loanGuarantees.id, guaranteeId));
    await audit(tx, {
      actorId: guarantor.id,
      action: answer === 'accepted' ? 'guarantee.accept' : 'guarantee.decline',
      targetType: 'loan',
      targetId: g.loanId,
      ip: guarantor.ip ?? null,
      at: now,
      details: { guaranteeId, amountFils: g.amountFils },
    });
    await notify(tx, {
      ...guaranteeNotice(
        loan!.userId,
        answer === 'accepted' ? 'guaranteeAccepted' : 'guaranteeDeclined',
        { name: await nameOf(tx, guarantor.id), amount: aed(g.amountFils) },
      ),
      at: now,
    });
    const [row] = await guaranteeRows(tx, eq(loanGuarantees.id, guaranteeId));
    return row!;
  });
}

/**
 * A member who asks to leave declines what they were asked to guarantee and had not answered:
 * their savings are about to be paid out (docs/domain/leaving.md). Each borrower is told.
 */
export async function declineAsksOf(tx: DbOrTx, guarantorId: number, now: Date): Promise<void> {
  const declined = await tx
    .update(loanGuarantees)
    .set({ state: 'declined', answeredAt: now })
    .where(and(eq(loanGuarantees.guarantorId, guarantorId), eq(loanGuarantees.state, 'asked')))
    .returning({ loanId: loanGuarantees.loanId, amountFils: loanGuarantees.amountFils });
  if (declined.length === 0) return;
  const name = await nameOf(tx, guarantorId);
  const owners = await tx
    .select({ id: loans.id, userId: loans.userId })
    .from(loans)
    .where(
      inArray(
        loans.id,
        declined.map((d) => d.loanId),
      ),
    );
  for (const d of declined)
    await notify(tx, {
      ...guaranteeNotice(owners.find((o) => o.id === d.loanId)!.userId, 'guaranteeDeclined', {
        name,
        amount: aed(d.amountFils),
      }),
      at: now,
    });
}

/** Approved, the loan no longer waits for the guarantors who did not answer: their asks end. */
export async function cancelUnanswered(tx: DbOrTx, loanId: number, now: Date): Promise<void> {
  await tx
    .update(loanGuarantees)
    .set({ state: 'cancelled', answeredAt: now })
    .where(and(eq(loanGuarantees.loanId, loanId), eq(loanGuarantees.state, 'asked')));
}

const ENDED: LoanState[] = ['closed', 'rejected', 'withdrawn', 'written_off'];

/**
 * When a loan ends, its guarantees end with it, in the transition's transaction: one still
 * asked is cancelled; an accepted one is released, and its guarantor told.
 */
export async function endGuarantees(
  tx: DbOrTx,
  loan: { id: number; userId: number; state: LoanState },
  now: Date,
): Promise<void> {
  if (!ENDED.includes(loan.state)) return;
  await cancelUnanswered(tx, loan.id, now);
  const released = await tx
    .update(loanGuarantees)
    .set({ state: 'released', releasedAt: now })
    .where(and(eq(loanGuarantees.loanId, loan.id), eq(loanGuarantees.state, 'accepted')))
    .returning({ guarantorId: loanGuarantees.guarantorId, amountFils: loanGuarantees.amountFils });
  // A write-off tells its guarantors itself: what was taken, or that nothing was.
  if (released.length === 0 || loan.state === 'written_off') return;
  await tellReleased(tx, loan.userId, released, now);
}

/** Each guarantor of `borrowerId`'s loan hears their guarantee has ended, their savings free. */
export async function tellReleased(
  tx: DbOrTx,
  borrowerId: number,
  released: Array<{ guarantorId: number; amountFils: Fils }>,
  now: Date,
): Promise<void> {
  const name = await nameOf(tx, borrowerId);
  for (const r of released)
    await notify(tx, {
      ...guaranteeNotice(r.guarantorId, 'guaranteeReleased', { name, amount: aed(r.amountFils) }),
      at: now,
    });
}

/**
 * A write-off's loss taken from the savings its guarantees hold: the holds as they stood before
 * it, at most the loss, shared pro rata to the holds; one balanced entry (Dr each guarantor's
 * savings, Cr loan losses), which each guarantor sees on their statement. A hold never exceeds
 * its guarantor's savings (accepted within their free savings; nothing else lowers savings), so
 * each share is taken whole. Answers the ids of the guarantees taken from.
 */
export async function recoverFromGuarantors(
  tx: DbOrTx,
  loan: { id: number; userId: number },
  holds: GuaranteeRow[],
  lossFils: Fils,
  actor: Actor,
  now: Date,
): Promise<Set<number>> {
  const holding = holds.filter((h) => h.heldFils > 0);
  const recoverable = Math.min(
    lossFils,
    holding.reduce((s, h) => s + h.heldFils, 0),
  );
  if (recoverable <= 0) return new Set();
  const shares = allocate(
    recoverable,
    holding.map((h) => h.heldFils),
  );
  const taken = holding
    .map((h, i) => ({ ...h, takenFils: shares[i]! }))
    .filter((h) => h.takenFils > 0);
  await postEntry(tx, {
    kind: 'recovery',
    memo: `Loan ${loan.id} written off: recovered from its guarantors`,
    occurredAt: now,
    createdBy: actor.id,
    loanId: loan.id,
    lines: [
      ...taken.map((h) => ({
        account: { code: 'savings' as const, userId: h.guarantorId },
        amountFils: h.takenFils,
      })),
      { account: { code: 'loan_losses' as const }, amountFils: -recoverable },
    ],
  });
  const name = await nameOf(tx, loan.userId);
  for (const h of taken) {
    await tx
      .update(loanGuarantees)
      .set({ recoveredFils: h.takenFils })
      .where(eq(loanGuarantees.id, h.id));
    await notify(tx, {
      ...guaranteeNotice(h.guarantorId, 'guaranteeRecovered', { name, amount: aed(h.takenFils) }),
      at: now,
    });
  }
  return new Set(taken.map((h) => h.id));
}

/** Whether others may find the member in the list of guarantors. */
export async function setFindable(db: DbOrTx, userId: number, findable: boolean): Promise<void> {
  await db.update(users).set({ findableAsGuarantor: findable }).where(eq(users.id, userId));
}
