// A request to leave (docs/domain/leaving.md): asked by the member or the committee; withdrawn.
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { exits, type Exit } from '../../db/schema/exits.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { addDaysToDate, localDate } from '../../lib/calendar.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import type { Say } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { declineAsksOf } from '../loans/public.ts';
import { exitNotice, notify } from '../notifications/public.ts';
import { withdrawProposalsOf } from '../proposals/public.ts';
import { subjectOf } from './payout.ts';

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

/** The exit of that id; 404 when there is none. */
export async function exitById(db: DbOrTx, id: number): Promise<Exit> {
  const [row] = await db.select().from(exits).where(eq(exits.id, id));
  if (!row) throw notFound(/*i18n*/ 'There is no such request to leave.');
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
