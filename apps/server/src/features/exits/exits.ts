import { and, desc, eq } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { exits, type Exit } from '../../db/schema/exits.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { addDaysToDate, localDate } from '../../lib/calendar.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { aed, sentence, type Say } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { lockShareOuts } from '../bonus/public.ts';
import { postEntry } from '../ledger/public.ts';
import { applyRepayment, declineAsksOf } from '../loans/public.ts';
import { exitNotice, notify } from '../notifications/public.ts';
import { settleMonthsAtExit } from '../payments/public.ts';
import { withSecondAdmin, withdrawProposalsOf, type Decision } from '../proposals/public.ts';
import { nextPayoutOf, settlementOf } from './settlement.ts';

// A member's leaving, from the request to the clearance (docs/domain/leaving.md).

export interface ExitInput {
  leaveOn: string;
  payTo: string;
}

/** The member's latest exit, or undefined. */
export async function latestExitOf(db: DbOrTx, userId: number): Promise<Exit | undefined> {
  const [row] = await db
    .select()
    .from(exits)
    .where(eq(exits.userId, userId))
    .orderBy(desc(exits.id))
    .limit(1);
  return row;
}

/**
 * Asks for a member to leave: by the member, or by an admin ending the membership with a reason
 * (`committee`). The leaving day is today or later, within a year.
 */
export async function requestExit(
  db: Db,
  userId: number,
  input: ExitInput,
  now: Date,
  committee: { actor: Actor & { id: number; ip?: string | null }; reason: string } | null = null,
  ip: string | null = null,
): Promise<Exit> {
  const today = localDate(now);
  const wrongDay = (say: Say) => unprocessable(say, { leave_on: [say] });
  if (input.leaveOn < today) throw wrongDay(/*i18n*/ 'The leaving day is today or a later day.');
  if (input.leaveOn > addDaysToDate(today, 366))
    throw wrongDay(/*i18n*/ 'The leaving day is within a year from today.');
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user || !user.isMember) throw notFound(/*i18n*/ 'There is no such member.');
      if (committee && committee.actor.id === userId)
        throw forbidden(/*i18n*/ 'You cannot end your own membership; another admin must.');
      if (user.leftOn) throw conflict(/*i18n*/ 'This membership has already ended.');
      if (user.role === 'admin')
        throw conflict(
          /*i18n*/ 'An admin cannot leave while an admin: the committee first hands the role to someone else.',
        );
      const [row] = await tx
        .insert(exits)
        .values({
          userId,
          leaveOn: input.leaveOn,
          payTo: input.payTo,
          requestedBy: committee?.actor.id ?? userId,
          reason: committee?.reason ?? null,
          requestedAt: now,
        })
        .returning();
      await tx.update(users).set({ leavingOn: input.leaveOn }).where(eq(users.id, userId));
      await declineAsksOf(tx, userId, now);
      await audit(tx, {
        actorId: committee?.actor.id ?? userId,
        action: 'exit.request',
        targetType: 'user',
        targetId: userId,
        reason: committee?.reason ?? null,
        details: { exitId: row!.id, leaveOn: input.leaveOn },
        ip: committee?.actor.ip ?? ip,
        at: now,
      });
      if (committee)
        await notify(tx, {
          ...exitNotice(userId, 'exitEnded', {
            day: { day: input.leaveOn },
            reason: committee.reason,
            payTo: input.payTo,
          }),
          at: now,
        });
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'exits_one_open'))
      throw conflict(/*i18n*/ 'A request to leave is already open.');
    throw err;
  }
}

/** The member takes back their request while it waits for the payout. */
export async function withdrawExit(
  db: Db,
  userId: number,
  now: Date,
  ip: string | null = null,
): Promise<Exit> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(exits)
      .where(and(eq(exits.userId, userId), eq(exits.state, 'requested')))
      .for('update');
    if (!open) throw conflict(/*i18n*/ 'There is no request to leave waiting to withdraw.');
    // The committee's decision is not the member's to take back.
    if (open.requestedBy !== userId)
      throw forbidden(
        /*i18n*/ 'The committee is ending your membership; only the committee can take that back.',
      );
    await tx.update(users).set({ leavingOn: null }).where(eq(users.id, userId));
    const [row] = await tx
      .update(exits)
      .set({ state: 'withdrawn', withdrawnAt: now })
      .where(eq(exits.id, open.id))
      .returning();
    await withdrawProposalsOf(tx, 'exit.payout', subjectOf(open.id), now);
    await audit(tx, {
      actorId: userId,
      action: 'exit.withdraw',
      targetType: 'user',
      targetId: userId,
      details: { exitId: open.id },
      ip,
      at: now,
    });
    return row!;
  });
}

const subjectOf = (exitId: number) => `exit:${exitId}`;

/**
 * Pays out an exit: the first payout settles everything (the loan and the fines from the
 * savings, the share-out estimate in, the dues closed) and ends the membership; what the
 * member's guarantees hold is paid by a later payout once released. Money leaving the fund:
 * carried out, or proposed for a second admin. `amountFils` must be the payout as shown.
 */
export function payOutExit(
  db: Db,
  exitId: number,
  amountFils: Fils,
  actor: Actor & { id: number; ip?: string | null },
  now: Date,
): Promise<Decision<Exit>> {
  const today = localDate(now);
  return db.transaction(async (tx) => {
    const [exit] = await tx.select().from(exits).where(eq(exits.id, exitId)).for('update');
    if (!exit) throw notFound(/*i18n*/ 'There is no such request to leave.');
    // No admin decides on their own money (docs/domain/maker-checker.md).
    if (exit.userId === actor.id)
      throw forbidden(/*i18n*/ 'You cannot pay out your own leaving; another admin must.');
    if (exit.state !== 'requested' && exit.state !== 'holding')
      throw conflict(
        exit.state === 'closed'
          ? /*i18n*/ 'This member has left and was paid out in full.'
          : /*i18n*/ 'This request to leave was withdrawn.',
      );
    if (exit.leaveOn > today)
      throw conflict(
        sentence(/*i18n*/ 'The member leaves on {day}: pay out on that day or later.', {
          day: { day: exit.leaveOn },
        }),
      );
    // Serialises with what could move the member's money meanwhile: a share-out close takes its
    // lock (first, as a close does before it writes to members' rows); an approval, a bank line
    // and a fine lock the member's row first too.
    await lockShareOuts(tx);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, exit.userId)).for('update');
    const payoutFils = await payoutNow(tx, exit, now);
    if (payoutFils !== amountFils)
      throw conflict(
        sentence(
          /*i18n*/ 'The payout is now {amount}: the figures changed since they were shown. Check them and pay out that amount.',
          { amount: aed(payoutFils) },
        ),
      );
    return withSecondAdmin(
      tx,
      {
        action: 'exit.payout',
        loanId: null,
        memberId: exit.userId,
        subject: subjectOf(exit.id),
        amountFils: payoutFils,
        details: { exitId: exit.id },
      },
      actor,
      now,
      () =>
        exit.state === 'requested'
          ? settle(tx, exit, payoutFils, actor, now)
          : payHeld(tx, exit, actor, now),
      (open) => {
        const proposed = (open.details as { amountFils?: number } | null)?.amountFils;
        return proposed === amountFils
          ? null
          : sentence(
              /*i18n*/ 'Another admin proposed paying out {amount}: confirm that amount, or withdraw the proposal first.',
              { amount: aed(proposed ?? 0) },
            );
      },
    );
  });
}

/** What the payout of `exit` would pay now; refused (409) with the first reason it cannot. */
async function payoutNow(tx: DbOrTx, exit: Exit, now: Date): Promise<Fils> {
  const next = await nextPayoutOf(tx, exit, now);
  if (!next) throw conflict(/*i18n*/ 'This request to leave was withdrawn.');
  const [blocker] = next.blockers;
  if (blocker) throw conflict(blocker);
  return next.payoutFils;
}

/** The first payout: everything settled in this transaction, the membership ended. */
async function settle(
  tx: DbOrTx,
  exit: Exit,
  payoutFils: Fils,
  actor: Actor & { id: number; ip?: string | null },
  now: Date,
): Promise<Exit> {
  const s = await settlementOf(tx, exit.userId, now);
  if (s.blockers[0]) throw conflict(s.blockers[0]);
  // Under the locks taken before the payout was worked out: the same figures.
  if (s.payoutFils !== payoutFils) throw new Error('the settlement moved under its locks');
  if (s.loanId !== null && s.loanOwedFils > 0)
    await applyRepayment(tx, {
      loanId: s.loanId,
      amountFils: s.loanOwedFils,
      actor,
      now,
      from: 'savings',
    });
  await settleMonthsAtExit(
    tx,
    exit.userId,
    s.months.map((m) => ({ period: m.period, settledFils: m.dueLeftFils + m.fineLeftFils })),
  );
  // One entry: the share in, the fines paid and the rest paid out, all through the savings.
  const savingsOut = s.finesOwedFils + s.payoutFils - s.shareOutFils;
  const entryId =
    s.shareOutFils + s.finesOwedFils + s.payoutFils > 0
      ? await postEntry(tx, {
          kind: 'exit',
          memo: `Left the association: paid out to ${exit.payTo}`,
          occurredAt: now,
          createdBy: actor.id,
          lines: [
            { account: { code: 'interest_income' }, amountFils: s.shareOutFils },
            { account: { code: 'savings', userId: exit.userId }, amountFils: savingsOut },
            { account: { code: 'fines', userId: exit.userId }, amountFils: -s.finesOwedFils },
            { account: { code: 'cash' }, amountFils: -s.payoutFils },
          ],
        })
      : null;
  const closed = s.heldFils === 0;
  await tx
    .update(users)
    .set({ leftOn: exit.leaveOn, leavingOn: null, status: 0, updatedAt: now })
    .where(eq(users.id, exit.userId));
  const [row] = await tx
    .update(exits)
    .set({
      state: closed ? 'closed' : 'holding',
      savingsFils: s.savingsFils,
      shareOutFils: s.shareOutFils,
      loanRepaidFils: s.loanOwedFils,
      finesPaidFils: s.finesOwedFils,
      duesClosedFils: s.duesUnpaidFils,
      paidOutFils: s.payoutFils,
      settledAt: now,
      closedAt: closed ? now : null,
    })
    .where(eq(exits.id, exit.id))
    .returning();
  await audit(tx, {
    actorId: actor.id,
    action: 'exit.payout',
    targetType: 'user',
    targetId: exit.userId,
    details: { exitId: exit.id, paidOutFils: s.payoutFils, heldFils: s.heldFils, entryId },
    ip: actor.ip ?? null,
    at: now,
  });
  await tellPaid(tx, row!, s.payoutFils, s.heldFils, now);
  return row!;
}

/** A later payout: what the member's guarantees held, once released. */
async function payHeld(
  tx: DbOrTx,
  exit: Exit,
  actor: Actor & { id: number; ip?: string | null },
  now: Date,
): Promise<Exit> {
  const { payoutFils, heldFils } = (await nextPayoutOf(tx, exit, now))!;
  const entryId =
    payoutFils > 0
      ? await postEntry(tx, {
          kind: 'exit',
          memo: `Left the association: savings released by guarantees paid out to ${exit.payTo}`,
          occurredAt: now,
          createdBy: actor.id,
          lines: [
            { account: { code: 'savings', userId: exit.userId }, amountFils: payoutFils },
            { account: { code: 'cash' }, amountFils: -payoutFils },
          ],
        })
      : null;
  const closed = heldFils === 0;
  const [row] = await tx
    .update(exits)
    .set({
      state: closed ? 'closed' : 'holding',
      paidOutFils: exit.paidOutFils + payoutFils,
      closedAt: closed ? now : null,
    })
    .where(eq(exits.id, exit.id))
    .returning();
  await audit(tx, {
    actorId: actor.id,
    action: 'exit.payout',
    targetType: 'user',
    targetId: exit.userId,
    details: { exitId: exit.id, paidOutFils: payoutFils, heldFils, entryId },
    ip: actor.ip ?? null,
    at: now,
  });
  await tellPaid(tx, row!, payoutFils, heldFils, now);
  return row!;
}

async function tellPaid(tx: DbOrTx, exit: Exit, paidFils: Fils, heldFils: Fils, now: Date) {
  const values = { amount: aed(paidFils), payTo: exit.payTo, held: aed(heldFils) };
  await notify(tx, {
    ...exitNotice(exit.userId, heldFils > 0 ? 'exitHeld' : 'exitPaid', values),
    at: now,
  });
}
