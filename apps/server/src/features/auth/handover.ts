import { and, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { HandOver as HandOverView } from '@jamiya/contracts/members';
import { handoverLinks, passwordTokens } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { inBatches } from '../../lib/batches.ts';
import { seal, unseal } from '../../lib/seal.ts';
import { handOverMessage } from '../mail/public.ts';
import { getSettings } from '../settings/public.ts';

// Links to set a password that no mail carried, kept sealed for the admins who issued them:
// with two admins both hand it over (issue 50), and a page closed too soon loses nothing.

export interface HandOver {
  userId: number;
  purpose: 'invite' | 'reset';
  url: string;
  expiresAt: Date;
  proposedBy: number;
  confirmedBy: number | null;
}

/** Keeps links for their admins, in the caller's transaction. */
export async function keepForHandOver(
  tx: DbOrTx,
  key: Buffer,
  links: ReadonlyArray<{ tokenId: string; userId: number; url: string }>,
  by: { proposedBy: number; confirmedBy: number | null; importId?: number | undefined },
): Promise<void> {
  for (const batch of inBatches(links))
    await tx.insert(handoverLinks).values(
      batch.map((l) => ({
        tokenId: l.tokenId,
        userId: l.userId,
        importId: by.importId ?? null,
        sealed: seal(key, l.url),
        proposedBy: by.proposedBy,
        confirmedBy: by.confirmedBy,
      })),
    );
}

/**
 * The links still to hand over that `adminId` issued or confirmed: of some members, or of an
 * import; newest first. A link used, expired, replaced by a newer one or sealed by another key
 * is not among them. By member, the newest first.
 */
export async function linksToHandOver(
  db: DbOrTx,
  key: Buffer,
  of: { adminId: number; now: Date; userIds?: number[]; importId?: number },
): Promise<HandOver[]> {
  const which: SQL[] = [];
  if (of.userIds) which.push(inArray(handoverLinks.userId, of.userIds));
  if (of.importId !== undefined) which.push(eq(handoverLinks.importId, of.importId));
  const rows = await db
    .select({
      userId: handoverLinks.userId,
      sealed: handoverLinks.sealed,
      purpose: passwordTokens.purpose,
      expiresAt: passwordTokens.expiresAt,
      proposedBy: handoverLinks.proposedBy,
      confirmedBy: handoverLinks.confirmedBy,
    })
    .from(handoverLinks)
    .innerJoin(passwordTokens, eq(passwordTokens.id, handoverLinks.tokenId))
    .where(
      and(
        ...which,
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, of.now),
        or(eq(handoverLinks.proposedBy, of.adminId), eq(handoverLinks.confirmedBy, of.adminId)),
      ),
    )
    .orderBy(handoverLinks.userId, desc(handoverLinks.createdAt));
  return rows.flatMap(({ sealed, ...row }) => {
    const url = unseal(key, sealed);
    return url === null ? [] : [{ ...row, url }];
  });
}

/** Links as the admins see them: the member, and the message to send in the member's language. */
export async function handOverViews(db: DbOrTx, links: HandOver[]): Promise<HandOverView[]> {
  if (links.length === 0) return [];
  const people = new Map<number, typeof users.$inferSelect>();
  const ids = [
    ...new Set(links.flatMap((l) => [l.userId, l.proposedBy, l.confirmedBy ?? l.userId])),
  ];
  for (const batch of inBatches(ids))
    for (const u of await db.select().from(users).where(inArray(users.id, batch)))
      people.set(u.id, u);
  const { associationName } = await getSettings(db);
  return links.map((l) => {
    const member = people.get(l.userId)!;
    return {
      member: { id: member.id, unique_id: member.uniqueId, name: member.name },
      email: member.email,
      mobile: member.mobile,
      language: member.language,
      purpose: l.purpose,
      set_password_link: { url: l.url, expires_at: l.expiresAt.toISOString() },
      message: handOverMessage(member.language, {
        name: member.name,
        url: l.url,
        purpose: l.purpose,
        associationName,
        expiresAt: l.expiresAt,
      }),
      issued_by: people.get(l.proposedBy)!.name,
      confirmed_by: l.confirmedBy === null ? null : people.get(l.confirmedBy)!.name,
    };
  });
}
