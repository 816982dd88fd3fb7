import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/public.ts';
import {
  activeAdminCount,
  withSecondAdmin,
  type Decision,
  type ProposalRow,
} from '../proposals/public.ts';
import { revokeOtherSessions } from '../sessions/public.ts';
import type { User } from '../users/public.ts';
import type { Language } from '@jamiya/contracts/languages';
import { adminMemberView } from './admin-members.ts';
import { proposedAccountAnswer } from './proposed-answer.ts';

// A member's account activated or deactivated (POST /api/admin/members/:id/status). A member
// signs nothing, so one admin decides; an admin's status is who can sign, so a second admin
// confirms it (docs/domain/maker-checker.md).

/** Activates (`active`) or deactivates a member; for an admin, proposes it or confirms the proposal. */
export async function setMemberStatus(
  db: Db,
  memberId: number,
  wanted: { active: boolean; reason: string | null },
  actor: Actor & { id: number },
  now: Date,
): Promise<Decision<User>> {
  const status = wanted.active ? 1 : 0;
  const action = wanted.active ? 'member.activate' : 'member.deactivate';
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
    if (!current) throw notFound(/*i18n*/ 'There is no such member.');
    const change = async (open: ProposalRow | null) => {
      // Confirming another admin's proposal to make oneself inactive is a second signature.
      if (current.id === actor.id && status === 0 && open === null)
        throw conflict(/*i18n*/ 'You cannot deactivate your own account.');
      if (current.leftOn && status === 1)
        throw conflict(
          /*i18n*/ 'This member has left the association; their account stays read-only.',
        );
      if (current.status === status) {
        throw conflict(
          status === 1
            ? /*i18n*/ 'This member is already active.'
            : /*i18n*/ 'This member is already inactive.',
        );
      }
      // Someone must be able to act: the last active admin stays (the server's command line
      // can still change it).
      if (current.role === 'admin' && status === 0 && (await activeAdminCount(tx)) < 2)
        throw conflict(
          /*i18n*/ 'The association needs an active admin, so the last one stays active.',
        );
      const [updated] = await tx
        .update(users)
        .set({ status, updatedAt: now })
        .where(and(eq(users.id, current.id), eq(users.status, current.status)))
        .returning();
      if (status === 0) await revokeOtherSessions(tx, current.id, null, now);
      await audit(tx, {
        actorId: actor.id,
        action,
        targetType: 'user',
        targetId: current.id,
        reason: open?.reason ?? wanted.reason,
        ip: actor.ip ?? null,
        at: now,
      });
      return updated!;
    };
    if (current.role !== 'admin') return { done: await change(null), proposal: null };
    return withSecondAdmin(
      tx,
      { action, loanId: null, memberId: current.id, amountFils: null, reason: wanted.reason },
      actor,
      now,
      change,
    );
  });
}

/**
 * POST /api/admin/members/:id/status: the 202 of a proposal (`proposed`), or the member as
 * they now stand.
 */
export async function memberStatusAnswer(
  db: Db,
  memberId: number,
  wanted: { active: boolean; reason: string | null },
  actor: Actor & { id: number },
  now: Date,
  language: Language,
) {
  const decision = await setMemberStatus(db, memberId, wanted, actor, now);
  if ('proposed' in decision)
    return { proposed: await proposedAccountAnswer(db, decision, language) };
  const user = decision.done;
  return { user, member: await adminMemberView(db, user) };
}
