import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { HandOver } from '@jamiya/contracts/members';
import type { Db, DbOrTx } from '../../db/client.ts';
import { importMembers, imports } from '../../db/schema/imports.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import {
  handOverViews,
  issuePasswordLink,
  linksToHandOver,
  sendPasswordLinkMail,
} from '../auth/public.ts';
import type { Mailer } from '../mail/public.ts';

// The invitations of the members an import brought in, mailed by the scheduled job when a mail
// server is set up (without one, the confirming admin hands them over from the apply's answer).
// The link is made when its mail goes, so that no live link ever waits in the database.

const BATCH = 50;
/** How long a process holds the invitations it mails: past it, another mails what is left. */
const CLAIM_MS = 10 * 60_000;
const MAX_BATCHES_PER_RUN = 20;

/**
 * Mails the invitations still to go, a batch at a time. A batch is claimed for 10 minutes in
 * the statement that locks its rows (FOR UPDATE SKIP LOCKED): two processes never mail one
 * member at once, and a process that dies mid-batch leaves its claim to expire. Each member is
 * marked invited once their mail went; a mail that fails gives the rest of the batch back for
 * the next run. A member who set a password meanwhile (Forgot password) is not invited.
 * Returns how many were mailed.
 */
export async function mailImportInvitations(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  now: Date,
  log: { warn(fields: object, msg: string): void },
): Promise<number> {
  if (!deps.mailer.delivers) return 0;
  let mailed = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const { sent, more } = await mailBatch(deps, now, log);
    mailed += sent;
    if (!more) break;
  }
  return mailed;
}

/** One batch: how many were mailed, and whether to go on (more to mail, and no mail failed). */
async function mailBatch(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  now: Date,
  log: { warn(fields: object, msg: string): void },
): Promise<{ sent: number; more: boolean }> {
  const { db } = deps;
  const claimable = db
    .select({ importId: importMembers.importId, userId: importMembers.userId })
    .from(importMembers)
    .where(
      and(
        isNull(importMembers.invitedAt),
        or(
          isNull(importMembers.invitationClaimedAt),
          lt(importMembers.invitationClaimedAt, new Date(now.getTime() - CLAIM_MS)),
        ),
      ),
    )
    .orderBy(importMembers.importId, importMembers.userId)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(importMembers)
    .set({ invitationClaimedAt: now })
    .where(
      sql`(${importMembers.importId}, ${importMembers.userId}) in (select import_id, user_id from (${claimable}) c)`,
    )
    .returning({ importId: importMembers.importId, userId: importMembers.userId });
  if (claimed.length === 0) return { sent: 0, more: false };
  const people = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((c) => c.userId),
      ),
    );
  const withoutPassword = new Set(people.filter((p) => p.passwordHash === '').map((p) => p.id));
  const admins = await db
    .select({
      id: imports.id,
      by: sql<number>`coalesce(${imports.confirmedBy}, ${imports.proposedBy})`,
    })
    .from(imports)
    .where(
      inArray(
        imports.id,
        claimed.map((c) => c.importId),
      ),
    );
  const byImport = new Map(admins.map((a) => [a.id, Number(a.by)]));
  const done = (c: { importId: number; userId: number }, invitedAt: Date | null) =>
    db
      .update(importMembers)
      .set(invitedAt ? { invitedAt } : { invitationClaimedAt: null })
      .where(and(eq(importMembers.importId, c.importId), eq(importMembers.userId, c.userId)));
  let mailed = 0;
  for (const [index, member] of claimed.entries()) {
    // Set a password meanwhile (Forgot password): no invitation is needed.
    if (!withoutPassword.has(member.userId)) {
      await done(member, now);
      continue;
    }
    const link = await issuePasswordLink(db, {
      userId: member.userId,
      purpose: 'invite',
      createdBy: byImport.get(member.importId) ?? null,
      publicUrl: deps.publicUrl,
      now,
    });
    if (await sendPasswordLinkMail(deps, { userId: member.userId, purpose: 'invite', ...link })) {
      await done(member, now);
      mailed += 1;
      continue;
    }
    const giveBack = claimed.slice(index);
    for (const c of giveBack) await done(c, null);
    log.warn(
      { invitations: giveBack.length },
      'invitation mails could not be sent; trying again on the next run',
    );
    return { sent: mailed, more: false };
  }
  return { sent: mailed, more: claimed.length === BATCH };
}

/**
 * An import's invitations still to hand over, for `adminId` when they sent or confirmed it
 * (none for another admin); 404 when there is no such import.
 */
export async function importInvitationsFor(
  db: DbOrTx,
  sealKey: Buffer,
  of: { importId: number; adminId: number; now: Date },
): Promise<HandOver[]> {
  const [row] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(eq(imports.id, of.importId));
  if (!row) throw notFound(/*i18n*/ 'There is no such import.');
  const links = await linksToHandOver(db, sealKey, {
    adminId: of.adminId,
    now: of.now,
    importId: row.id,
  });
  return handOverViews(db, links);
}
