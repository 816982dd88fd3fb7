import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { membershipApplications } from '../../db/schema/membership.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { createInvitedMember, mailPasswordLink } from '../members/public.ts';

// An application from Join Now decided by an admin: accepted (the member made from what the
// applicant wrote, with an invitation) or rejected with a reason.

export type Application = typeof membershipApplications.$inferSelect;
type Admin = { id: number; ip: string };

/** Locks a pending application for a decision; any other state is a conflict. */
async function pendingApplication(tx: Tx, id: number): Promise<Application> {
  const [row] = await tx
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, id))
    .for('update');
  if (!row) throw notFound(/*i18n*/ 'There is no such application.');
  if (row.status !== 'pending') {
    throw conflict(
      sentence(
        /*i18n*/ 'This application was already {status, select, accepted {accepted} rejected {rejected} other {{status}}}.',
        { status: row.status },
      ),
    );
  }
  return row;
}

/** Accepts a pending application: the member, their invitation link, the application. */
export async function acceptApplication(
  db: Db,
  id: number,
  by: { actor: Admin; publicUrl: string; now: Date },
) {
  const { actor, publicUrl, now } = by;
  return db.transaction(async (tx) => {
    const pending = await pendingApplication(tx, id);
    const { user: created, link: issued } = await createInvitedMember(
      tx,
      {
        name: pending.name,
        email: pending.email,
        mobile: pending.mobile,
        address: pending.address,
        nationalId: pending.nationalId,
        joinedOn: localDate(now),
        language: pending.language,
      },
      { actorId: actor.id, publicUrl, now },
    );
    const [accepted] = await tx
      .update(membershipApplications)
      .set({ status: 'accepted', decidedBy: actor.id, decidedAt: now, memberId: created.id })
      .where(eq(membershipApplications.id, pending.id))
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: 'application.accept',
      targetType: 'membership_application',
      targetId: pending.id,
      details: { memberId: created.id },
      ip: actor.ip,
      at: now,
    });
    return { application: accepted!, user: created, link: issued };
  });
}

/**
 * Accepts a pending application (acceptApplication), then mails the member their link to set a
 * password, or keeps it for the admins to hand over when mail is not sent.
 */
export async function acceptAndInvite(
  db: Db,
  id: number,
  by: { actor: Admin; publicUrl: string; now: Date },
  mail: Omit<Parameters<typeof mailPasswordLink>[0], 'db'>,
) {
  const { application, user, link } = await acceptApplication(db, id, by);
  const mailed = await mailPasswordLink({ db, ...mail }, user.id, link, 'invite', {
    proposedBy: by.actor.id,
    confirmedBy: null,
  });
  return { application, user, mailed };
}

/** Rejects a pending application, the reason kept with it. */
export async function rejectApplication(
  db: Db,
  id: number,
  reason: string,
  by: { actor: Admin; now: Date },
): Promise<Application> {
  const { actor, now } = by;
  return db.transaction(async (tx) => {
    const pending = await pendingApplication(tx, id);
    const [row] = await tx
      .update(membershipApplications)
      .set({ status: 'rejected', reason, decidedBy: actor.id, decidedAt: now })
      .where(eq(membershipApplications.id, pending.id))
      .returning();
    await audit(tx, {
      actorId: actor.id,
      action: 'application.reject',
      targetType: 'membership_application',
      targetId: pending.id,
      reason,
      ip: actor.ip,
      at: now,
    });
    return row!;
  });
}
