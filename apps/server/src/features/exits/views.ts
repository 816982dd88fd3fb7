import { eq, inArray } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { AdminExit, ExitSettlement, ExitView } from '@jamiya/contracts/exits';
import type { DbOrTx } from '../../db/client.ts';
import { exits, type Exit } from '../../db/schema/exits.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { heldByGuarantor } from '../loans/public.ts';
import { toMemberRef } from '../users/public.ts';
import { nextPayoutOf, type Settlement } from './settlement.ts';

// An exit and its settlement as the member and the treasurer read them.

export function toSettlementView(s: Settlement, language: Language): ExitSettlement {
  return {
    as_of: s.asOf,
    savings: filsToAed(s.savingsFils),
    share_out: filsToAed(s.shareOutFils),
    loan_owed: filsToAed(s.loanOwedFils),
    fines_owed: filsToAed(s.finesOwedFils),
    dues_unpaid: filsToAed(s.duesUnpaidFils),
    dues_unpaid_months: s.months.filter((m) => m.dueLeftFils > 0).length,
    held_for_guarantees: filsToAed(s.heldFils),
    payout: filsToAed(s.payoutFils),
    shortfall: filsToAed(s.shortfallFils),
    blockers: s.blockers.map((say) => translate(language, say)),
  };
}

/** `heldFils`: what the member's guarantees hold now (for an exit paid out but for them). */
export function toExitView(exit: Exit, leftOn: string | null, heldFils: number): ExitView {
  return {
    id: exit.id,
    state: exit.state,
    leave_on: exit.leaveOn,
    pay_to: exit.payTo,
    asked_by: exit.requestedBy === exit.userId ? 'member' : 'committee',
    reason: exit.reason,
    requested_at: exit.requestedAt.toISOString(),
    left_on: exit.settledAt ? leftOn : null,
    closed_at: exit.closedAt?.toISOString() ?? null,
    withdrawn_at: exit.withdrawnAt?.toISOString() ?? null,
    settled: exit.settledAt
      ? {
          savings: filsToAed(exit.savingsFils ?? 0),
          share_out: filsToAed(exit.shareOutFils ?? 0),
          loan_repaid: filsToAed(exit.loanRepaidFils ?? 0),
          fines_paid: filsToAed(exit.finesPaidFils ?? 0),
          dues_closed: filsToAed(exit.duesClosedFils ?? 0),
          paid_out: filsToAed(exit.paidOutFils),
          held: filsToAed(exit.state === 'holding' ? heldFils : 0),
        }
      : null,
  };
}

/** Exits as the treasurer's list shows them, each with its member and today's settlement. */
export async function toAdminExits(
  db: DbOrTx,
  rows: Exit[],
  now: Date,
  language: Language,
): Promise<AdminExit[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.userId))];
  const people = new Map(
    (await db.select().from(users).where(inArray(users.id, ids))).map((u) => [u.id, u]),
  );
  const held = await heldByGuarantor(db, ids);
  const out: AdminExit[] = [];
  for (const exit of rows) {
    const user = people.get(exit.userId)!;
    const next = await nextPayoutOf(db, exit, now);
    const settlement = next ? toSettlementView(next, language) : null;
    out.push({
      ...toExitView(exit, user.leftOn, held.get(exit.userId) ?? 0),
      member: toMemberRef(user),
      settlement,
    });
  }
  return out;
}

/** The treasurer's list: open exits oldest first, then the 50 latest closed or withdrawn. */
export async function adminExitList(
  db: DbOrTx,
  now: Date,
  language: Language,
): Promise<AdminExit[]> {
  const rows = await db.select().from(exits);
  const open = rows
    .filter((r) => r.state === 'requested' || r.state === 'holding')
    .sort((a, b) => a.id - b.id);
  const ended = rows
    .filter((r) => r.state === 'closed' || r.state === 'withdrawn')
    .sort((a, b) => b.id - a.id)
    .slice(0, 50);
  return toAdminExits(db, [...open, ...ended], now, language);
}

export async function memberOf(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(/*i18n*/ 'There is no such member.');
  return user;
}

export async function exitViewOf(db: DbOrTx, exit: Exit) {
  const user = await memberOf(db, exit.userId);
  const held = exit.state === 'holding' ? await heldByGuarantor(db, [exit.userId]) : null;
  return toExitView(exit, user.leftOn, held?.get(exit.userId) ?? 0);
}
