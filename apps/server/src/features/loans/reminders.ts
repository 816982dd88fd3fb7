import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { addDays, format, parseISO } from 'date-fns';
import type { Db } from '../../db/client.ts';
import {
  installmentReminders,
  loanGuarantees,
  loanInstallments,
  loans,
} from '../../db/schema/loans.ts';
import { users } from '../../db/schema/users.ts';
import { aed } from '../../lib/i18n.ts';
import { getSettings } from '../settings/public.ts';
import { localDate } from '../../lib/calendar.ts';
import { guaranteeNotice, notify, notifyAll, reminderNotice } from '../notifications/public.ts';
import { inBatches, letOthersIn } from '../../lib/batches.ts';
import { installmentLeft } from './installments.ts';

// Installment reminders, sent by the notifications job (app.ts hands it this), safe to run in
// several processes over one PostgreSQL: a unique index decides who sends each.

/** A reminder goes out this many days before an installment falls due. */
export const DUE_SOON_DAYS = 3;

/**
 * Reminds members of installments of active loans that fall due within DUE_SOON_DAYS
 * (Dubai's days) and of those past due and unpaid: each installment once per kind. The
 * reminder row and the notification are written in one transaction, and the notification
 * only when the insert took; so when two processes race, the loser's insert waits for the
 * winner's commit, finds the row, and sends nothing. Returns how many reminders it sent.
 */
export async function sendInstallmentReminders(db: Db, now: Date): Promise<number> {
  const today = localDate(now);
  const soon = format(addDays(parseISO(today), DUE_SOON_DAYS), 'yyyy-MM-dd');
  const reminderKind = sql<
    'due_soon' | 'overdue'
  >`case when ${loanInstallments.dueOn} < ${today} then 'overdue' else 'due_soon' end`;
  const candidates = await db
    .select({
      installmentId: loanInstallments.id,
      number: loanInstallments.number,
      dueOn: loanInstallments.dueOn,
      leftFils: sql<string>`${installmentLeft}`,
      userId: loans.userId,
      termMonths: loans.termMonths,
      kind: reminderKind,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(
      and(
        eq(loans.state, 'active'),
        isNull(loanInstallments.paidAt),
        or(
          lt(loanInstallments.dueOn, today),
          and(gt(loanInstallments.dueOn, today), lte(loanInstallments.dueOn, soon)),
        ),
        sql`not exists (select 1 from ${installmentReminders} where ${installmentReminders.installmentId} = ${loanInstallments.id} and ${installmentReminders.kind} = ${reminderKind})`,
      ),
    )
    .orderBy(loanInstallments.id);

  // A hundred to a transaction of two statements: the reminders marked where none was (a
  // process beside this one may have marked some), and the notices of those this call marked;
  // between them, the requests waiting on the embedded database go first.
  let sent = 0;
  for (const batch of inBatches(candidates, 100)) {
    await letOthersIn();
    sent += await db.transaction(async (tx) => {
      const marked = await tx
        .insert(installmentReminders)
        .values(batch.map((c) => ({ installmentId: c.installmentId, kind: c.kind, sentAt: now })))
        .onConflictDoNothing()
        .returning({ installmentId: installmentReminders.installmentId });
      const won = new Set(marked.map((m) => m.installmentId));
      const mine = batch.filter((c) => won.has(c.installmentId));
      await notifyAll(
        tx,
        mine.map((c) => ({
          ...reminderNotice(c.kind, { ...c, leftFils: Number(c.leftFils) }),
          at: now,
        })),
      );
      return mine.length;
    });
  }
  return sent + (await alertGuarantors(db, now));
}

/**
 * Tells the guarantors of a loan when one of its installments is more than the rules' days
 * late (settings' guarantor_alert_days): each installment once, as the reminders above.
 */
async function alertGuarantors(db: Db, now: Date): Promise<number> {
  const today = localDate(now);
  const { guarantorAlertDays } = await getSettings(db);
  const lateSince = format(addDays(parseISO(today), -guarantorAlertDays), 'yyyy-MM-dd');
  const candidates = await db
    .select({
      installmentId: loanInstallments.id,
      loanId: loans.id,
      dueOn: loanInstallments.dueOn,
      borrower: users.name,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .innerJoin(users, eq(users.id, loans.userId))
    .where(
      and(
        eq(loans.state, 'active'),
        isNull(loanInstallments.paidAt),
        lt(loanInstallments.dueOn, lateSince),
        sql`exists (select 1 from ${loanGuarantees} where ${loanGuarantees.loanId} = ${loans.id} and ${loanGuarantees.state} = 'accepted')`,
        sql`not exists (select 1 from ${installmentReminders} where ${installmentReminders.installmentId} = ${loanInstallments.id} and ${installmentReminders.kind} = 'guarantors')`,
      ),
    )
    .orderBy(loanInstallments.id);
  let sent = 0;
  for (const c of candidates) {
    const didSend = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(installmentReminders)
        .values({ installmentId: c.installmentId, kind: 'guarantors', sentAt: now })
        .onConflictDoNothing()
        .returning({ id: installmentReminders.id });
      if (inserted.length === 0) return false;
      const [arrears] = await tx
        .select({ left: sql<string>`coalesce(sum(${installmentLeft}), 0)` })
        .from(loanInstallments)
        .where(and(eq(loanInstallments.loanId, c.loanId), lt(loanInstallments.dueOn, today)));
      const guarantors = await tx
        .select({ userId: loanGuarantees.guarantorId })
        .from(loanGuarantees)
        .where(and(eq(loanGuarantees.loanId, c.loanId), eq(loanGuarantees.state, 'accepted')));
      for (const g of guarantors)
        await notify(tx, {
          ...guaranteeNotice(g.userId, 'guaranteeOverdue', {
            name: c.borrower,
            day: { day: c.dueOn },
            amount: aed(Number(arrears?.left ?? 0)),
          }),
          at: now,
        });
      return true;
    });
    if (didSend) sent += 1;
  }
  return sent;
}
