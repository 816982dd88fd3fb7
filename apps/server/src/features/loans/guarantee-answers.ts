// A guarantor's answer (docs/domain/guarantors.md): accepting within free savings, declining.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loanGuarantees, loans } from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { guaranteeNotice, notify } from '../notifications/public.ts';
import { freeSavingsOf, nameOf } from './guarantors.ts';
import { toGuaranteeViews } from './guarantee-views.ts';
import { guaranteeRows, type GuaranteeRow } from './holds.ts';

/** A guarantor answers, and reads the guarantee as it now stands. */
export async function answeredGuaranteeView(
  db: Db,
  guaranteeId: number,
  guarantor: Actor & { id: number },
  answer: 'accepted' | 'declined',
  now: Date,
) {
  const row = await answerGuarantee(db, guaranteeId, guarantor, answer, now);
  const [view] = await toGuaranteeViews(db, [row], now);
  return view!;
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
