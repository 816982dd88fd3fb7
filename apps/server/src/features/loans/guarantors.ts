// A guarantor as the guarantee modules see them: their name, their free savings, whether findable.
import { and, asc, eq, ilike, isNull, ne, or } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { FindableMember } from '@jamiya/contracts/guarantees';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { savingsByMember } from '../ledger/public.ts';
import { memberRefsById } from '../users/public.ts';
import { heldByGuarantor } from './holds.ts';

/** A member's savings less what their guarantees hold: what they may borrow on or guarantee. */
export async function freeSavingsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Fils>> {
  const savings = await savingsByMember(db, userIds);
  const held = await heldByGuarantor(db, userIds);
  return new Map(userIds.map((id) => [id, savings.get(id)! - held.get(id)!]));
}

export const nameOf = async (db: DbOrTx, userId: number): Promise<string> =>
  (await memberRefsById(db, [userId])).get(userId)?.name ?? '';

/** Whether others may find the member in the list of guarantors. */
export async function setFindable(db: DbOrTx, userId: number, findable: boolean): Promise<void> {
  await db.update(users).set({ findableAsGuarantor: findable }).where(eq(users.id, userId));
}

/** Active members who chose to be findable, but `userId`, by name; `q` narrows by name or ID. */
export async function findableGuarantors(
  db: DbOrTx,
  userId: number,
  search: string | undefined,
): Promise<FindableMember[]> {
  // LIKE's own characters in the search are searched for, not patterns.
  const q = search?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ member_id: users.uniqueId, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.findableAsGuarantor, true),
        eq(users.status, 1),
        eq(users.isMember, true),
        // Nor a member who is leaving: their savings are about to be paid out.
        isNull(users.leavingOn),
        ne(users.id, userId),
        q ? or(ilike(users.name, `%${q}%`), ilike(users.uniqueId, `%${q}%`)) : undefined,
      ),
    )
    .orderBy(asc(users.name))
    .limit(50);
}
