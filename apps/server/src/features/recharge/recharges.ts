import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type { z } from 'zod';
import {
  rechargeAmountProblem,
  type AdminRecharge,
  type Recharge,
  type RechargeState,
  type rechargeRequest,
} from '@jamiya/contracts/recharge';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rechargeRequests } from '../../db/schema/recharge.ts';
import { users } from '../../db/schema/users.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { page } from '../../lib/pagination.ts';
import { getSettings } from '../settings/public.ts';
import { audit } from '../audit/public.ts';
import { notify, rechargeNotice } from '../notifications/public.ts';
import { DAY_MS, lockMemberCount, refuseBeyondRate } from '../../db/rate-window.ts';

export type RechargeRow = typeof rechargeRequests.$inferSelect;
type MemberRef = AdminRecharge['member'];

// Recharge requests never touch the ledger: the committee makes the recharge outside the
// app and the member settles it with them; nothing is taken from savings.

export function toRechargeView(r: RechargeRow): Recharge {
  return {
    id: r.id,
    operator: r.operator,
    number: r.number,
    amount: filsToAed(r.amountFils),
    state: r.state,
    reference: r.reference,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  };
}

/** Refuses (429) a member's recharge request beyond `perDay` in the last 24 hours (issue 21). */
export async function checkRechargeRate(
  db: DbOrTx,
  userId: number,
  perDay: number,
  now = new Date(),
): Promise<void> {
  const newest = await db
    .select({ createdAt: rechargeRequests.createdAt })
    .from(rechargeRequests)
    .where(
      and(
        eq(rechargeRequests.userId, userId),
        gt(rechargeRequests.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .orderBy(desc(rechargeRequests.createdAt))
    .limit(perDay);
  refuseBeyondRate(
    newest.map((r) => r.createdAt),
    { limit: perDay, windowMs: DAY_MS, what: 'recharges' },
    now,
  );
}

export type Decision = { state: 'done'; reference: string } | { state: 'refused'; reason: string };

/**
 * Marks a requested recharge done or refused, in one transaction with its audit row and the
 * member's notification. The row is locked first, so of two admins deciding at once the
 * second finds it decided and gets a 409; nothing changes for it.
 */
export function decideRecharge(
  outer: Db,
  id: number,
  decision: Decision,
  actor: { id: number; ip: string },
  now: Date,
): Promise<AdminRecharge> {
  return outer.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rechargeRequests)
      .where(eq(rechargeRequests.id, id))
      .for('update');
    if (!row) throw notFound(/*i18n*/ 'There is no such recharge request.');
    if (row.state !== 'requested') {
      throw conflict(
        row.state === 'done'
          ? /*i18n*/ 'This recharge request was already marked done.'
          : /*i18n*/ 'This recharge request was already refused.',
      );
    }
    const [decided] = await tx
      .update(rechargeRequests)
      .set({
        state: decision.state,
        reference: decision.state === 'done' ? decision.reference : null,
        reason: decision.state === 'refused' ? decision.reason : null,
        decidedBy: actor.id,
        decidedAt: now,
      })
      .where(eq(rechargeRequests.id, id))
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: decision.state === 'done' ? 'recharge.done' : 'recharge.refuse',
      targetType: 'recharge_request',
      targetId: id,
      reason: decision.state === 'refused' ? decision.reason : null,
      details:
        decision.state === 'done'
          ? { memberId: row.userId, reference: decision.reference }
          : { memberId: row.userId },
      ip: actor.ip,
      at: now,
    });
    await notify(tx, { ...rechargeNotice(row, decision), at: now });
    return { ...toRechargeView(decided!), member: await memberRefOf(tx, row.userId) };
  });
}

/** Who a request belongs to, as the admin's list shows it. */
const memberRefColumns = { id: users.id, unique_id: users.uniqueId, name: users.name };

async function memberRefOf(db: DbOrTx, userId: number): Promise<MemberRef> {
  const [member] = await db.select(memberRefColumns).from(users).where(eq(users.id, userId));
  return member!;
}

/** A page of the member's own recharge requests, newest first. */
export async function myRechargesPage(
  db: DbOrTx,
  userId: number,
  query: { cursor: number | null; limit: number },
): Promise<{ items: Recharge[]; next_cursor: string | null }> {
  const { cursor, limit } = query;
  const rows = await db
    .select()
    .from(rechargeRequests)
    .where(
      and(
        eq(rechargeRequests.userId, userId),
        cursor === null ? undefined : lt(rechargeRequests.id, cursor),
      ),
    )
    .orderBy(desc(rechargeRequests.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return { items: items.map(toRechargeView), next_cursor: nextCursor };
}

/** A page of the recharge requests in `state`, newest first, each with its member. */
export async function adminRechargesPage(
  db: DbOrTx,
  query: { state: RechargeState; cursor: number | null; limit: number },
): Promise<{ items: AdminRecharge[]; next_cursor: string | null }> {
  const { state, cursor, limit } = query;
  const rows = await db
    .select({ request: rechargeRequests, member: memberRefColumns })
    .from(rechargeRequests)
    .innerJoin(users, eq(users.id, rechargeRequests.userId))
    .where(
      and(
        eq(rechargeRequests.state, state),
        cursor === null ? undefined : lt(rechargeRequests.id, cursor),
      ),
    )
    .orderBy(desc(rechargeRequests.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  return {
    items: items.map((r) => ({ ...toRechargeView(r.request), member: r.member })),
    next_cursor: rows.length > limit ? String(items.at(-1)!.request.id) : null,
  };
}

/**
 * A member's request for a mobile recharge (POST /api/recharge-requests), within the settings'
 * range and the member's `perDay`, counted and written under the lock on the member's count.
 */
export async function askForRecharge(
  db: Db,
  member: { userId: number; status: number },
  body: z.output<typeof rechargeRequest>,
  limits: { perDay: number; ip: string; now: Date },
): Promise<RechargeRow> {
  const { perDay, ip, now } = limits;
  if (member.status !== 1) {
    throw forbidden(
      /*i18n*/ 'Your membership is inactive, so you cannot request a recharge. Please contact the committee.',
    );
  }
  const settings = await getSettings(db);
  const problem = rechargeAmountProblem(body.amount, {
    minFils: settings.rechargeMinFils,
    maxFils: settings.rechargeMaxFils,
  });
  if (problem)
    throw unprocessable(/*i18n*/ 'Please check the highlighted fields.', { amount: [problem] });
  // Counted and written under the lock on the member's count: exact across processes.
  return db.transaction(async (tx) => {
    await lockMemberCount(tx, 'recharges', member.userId);
    await checkRechargeRate(tx, member.userId, perDay, now);
    const [row] = await tx
      .insert(rechargeRequests)
      .values({
        userId: member.userId,
        operator: body.operator,
        number: body.number,
        amountFils: body.amount,
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      actorId: member.userId,
      action: 'recharge.request',
      targetType: 'recharge_request',
      targetId: row!.id,
      ip,
      at: now,
    });
    return row!;
  });
}
