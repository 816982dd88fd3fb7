import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { duesMonths, type DuesMonth } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { localDate, periodLabel, periodOf } from '../../lib/calendar.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { requireReason } from '../../lib/reason.ts';
import { audit } from '../audit/public.ts';
import { postEntry } from '../ledger/public.ts';
import { fineNotice, notify } from '../notifications/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { getSettings } from '../settings/public.ts';
import { fineOn, finesFromOf } from './dues-calendar.ts';
import { lockMonth, monthOf } from './months.ts';

// What a member and an admin may do about a month's fine: the member says their salary is
// late before the grace ends (the fine waits), an admin waives a fine with a reason (with two
// admins, proposed and confirmed). docs/domain/dues.md.

async function monthMark(db: DbOrTx, userId: number, period: string) {
  const [mark] = await db
    .select()
    .from(duesMonths)
    .where(and(eq(duesMonths.userId, userId), eq(duesMonths.period, period)));
  return mark;
}

/**
 * "My salary is late" for a month, once, before its fine day: the fine then waits grace days
 * from today. Answers the day the month would now be fined.
 */
export async function flagSalaryLate(
  db: Db,
  userId: number,
  period: string,
  now: Date,
  ip: string | null = null,
): Promise<{ fineOn: string }> {
  const today = localDate(now);
  const month = { month: { month: period } };
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ joinedOn: users.joinedOn, createdAt: users.createdAt, payday: users.payday })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound();
    if (period < periodOf(user.joinedOn) || period > periodOf(today))
      throw notFound(sentence(/*i18n*/ 'There is no due of yours for {month} yet.', month));
    await lockMonth(tx, userId, period);
    const figures = await monthOf(tx, userId, period);
    if (figures.paidFils >= figures.dueFils)
      throw conflict(sentence(/*i18n*/ '{month} is already paid.', month));
    const mark = await monthMark(tx, userId, period);
    if (mark?.salaryLateOn)
      throw conflict(
        sentence(/*i18n*/ 'You already said your salary was late for {month}.', month),
      );
    if (mark?.finedAt)
      throw conflict(sentence(/*i18n*/ 'The late fine for {month} was already charged.', month));
    const rules = await getSettings(tx);
    const fineDay = fineOn(period, user.payday, null, rules, finesFromOf(user));
    if (fineDay === null)
      throw conflict(sentence(/*i18n*/ 'No late fine falls on {month}.', month));
    if (today >= fineDay)
      throw conflict(
        sentence(/*i18n*/ 'The grace for {month} ended on {day}; it is too late to say so.', {
          ...month,
          day: { day: fineDay },
        }),
      );
    await tx
      .insert(duesMonths)
      .values({ userId, period, salaryLateOn: today })
      .onConflictDoUpdate({
        target: [duesMonths.userId, duesMonths.period],
        set: { salaryLateOn: today },
      });
    await audit(tx, {
      actorId: userId,
      action: 'dues.salary_late',
      targetType: 'user',
      targetId: userId,
      details: { period },
      ip,
      at: now,
    });
    return { fineOn: fineOn(period, user.payday, today, rules, finesFromOf(user))! };
  });
}

/** A member's fines as the treasurer sees them (GET /api/admin/members/:id/fines), newest first. */
export async function finesOfMember(db: DbOrTx, userId: number): Promise<DuesMonth[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(/*i18n*/ 'There is no such member.');
  return db
    .select()
    .from(duesMonths)
    .where(and(eq(duesMonths.userId, userId), isNotNull(duesMonths.finedAt)))
    .orderBy(desc(duesMonths.period));
}

/**
 * Waives what is left unpaid of a month's fine, with a reason the member reads: carried out,
 * or proposed for a second admin (maker-checker). One entry (Dr fines income, Cr the member's
 * fines) under the month's lock.
 */
export function waiveFine(
  db: Db,
  userId: number,
  period: string,
  reason: string,
  actor: Actor & { id: number },
  now: Date,
): Promise<Decision<DuesMonth>> {
  const why = requireReason(reason);
  const month = { month: { month: period } };
  // No admin decides on their own money (docs/domain/maker-checker.md).
  if (userId === actor.id)
    throw forbidden(/*i18n*/ 'You cannot waive your own fine; another admin must.');
  return db.transaction(async (tx) => {
    await lockMonth(tx, userId, period);
    const mark = await monthMark(tx, userId, period);
    if (!mark?.finedAt) throw notFound(sentence(/*i18n*/ 'There is no fine for {month}.', month));
    if (mark.waivedFils > 0)
      throw conflict(sentence(/*i18n*/ 'The fine for {month} was already waived.', month));
    const leftFils = (await monthOf(tx, userId, period)).fineLeftFils;
    if (leftFils === 0)
      throw conflict(
        sentence(/*i18n*/ 'The fine for {month} is paid; there is nothing to waive.', month),
      );
    return withSecondAdmin(
      tx,
      {
        action: 'fine.waive',
        loanId: null,
        memberId: userId,
        subject: `fine:${period}`,
        amountFils: leftFils,
        reason: why,
        details: { period },
      },
      actor,
      now,
      async (open) => {
        const because = open?.reason ?? why;
        const entryId = await postEntry(tx, {
          kind: 'fine_waiver',
          memo: `Late fine ${periodLabel(period)} waived`,
          occurredAt: now,
          createdBy: actor.id,
          lines: [
            { account: { code: 'fines_income' }, amountFils: leftFils },
            { account: { code: 'fines', userId }, amountFils: -leftFils },
          ],
        });
        const [waived] = await tx
          .update(duesMonths)
          .set({
            waivedFils: leftFils,
            waivedAt: now,
            waivedBy: open?.proposedBy ?? actor.id,
            waiveReason: because,
            waiverEntryId: entryId,
          })
          .where(and(eq(duesMonths.userId, userId), eq(duesMonths.period, period)))
          .returning();
        await audit(tx, {
          actorId: actor.id,
          action: 'dues.fine_waive',
          targetType: 'user',
          targetId: userId,
          reason: because,
          details: { period, amountFils: leftFils },
          ip: actor.ip ?? null,
          at: now,
        });
        await notify(tx, {
          ...fineNotice({ userId, period, fineFils: leftFils }, { reason: because }),
          at: now,
        });
        return waived!;
      },
    );
  });
}
