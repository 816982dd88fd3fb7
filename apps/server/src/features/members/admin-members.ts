import { and, desc, eq, ilike, lt, or } from 'drizzle-orm';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import type { AdminMember } from '@jamiya/contracts/members';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { notFound } from '../../lib/errors.ts';
import { page } from '../../lib/pagination.ts';
import { savingsByMember } from '../ledger/public.ts';
import { owedOnActiveLoans } from '../loans/public.ts';
import { toMemberRef, type User } from '../users/public.ts';

/** The member with this id, or 404. */
export async function loadUser(db: DbOrTx, id: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(/*i18n*/ 'There is no such member.');
  return user;
}

/** Savings and what is still owed on active loans, for a page of members: two queries. */
export async function balancesOf(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { savingsFils: Fils; loanFils: Fils }>> {
  const savings = await savingsByMember(db, userIds);
  const owed = await owedOnActiveLoans(db, userIds);
  return new Map(
    userIds.map((id) => [id, { savingsFils: savings.get(id)!, loanFils: owed.get(id)! }]),
  );
}

export function toAdminMember(
  user: User,
  balances: { savingsFils: Fils; loanFils: Fils },
): AdminMember {
  return {
    ...toMemberRef(user),
    email: user.email,
    mobile: user.mobile,
    national_id: user.nationalId,
    address: user.address,
    role: user.role,
    is_member: user.isMember,
    status: user.status === 1 ? 'active' : 'inactive',
    joined_on: user.joinedOn,
    created_at: user.createdAt.toISOString(),
    savings: filsToAed(balances.savingsFils),
    loan_outstanding: filsToAed(balances.loanFils),
  };
}

async function adminMembers(db: DbOrTx, users_: User[]): Promise<AdminMember[]> {
  const balances = await balancesOf(
    db,
    users_.map((u) => u.id),
  );
  return users_.map((u) => toAdminMember(u, balances.get(u.id)!));
}

/** One member as the treasurer's desk shows them, with their balances. */
export async function adminMemberView(db: DbOrTx, user: User): Promise<AdminMember> {
  const [view] = await adminMembers(db, [user]);
  return view!;
}

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The treasurer's search: words in a name, email, mobile or member ID, a status, a page. */
export interface MemberSearch {
  q?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
  before: number | null;
  limit: number;
}

async function searchMembers(db: DbOrTx, query: MemberSearch): Promise<User[]> {
  const q = query.q?.trim();
  return db
    .select()
    .from(users)
    .where(
      and(
        q
          ? or(
              ilike(users.name, containing(q)),
              ilike(users.email, containing(q)),
              ilike(users.mobile, containing(q)),
              ilike(users.uniqueId, containing(q)),
            )
          : undefined,
        query.status ? eq(users.status, query.status === 'active' ? 1 : 0) : undefined,
        // Members only: an admin who is not a member is counted nowhere as one.
        eq(users.isMember, true),
        query.before === null ? undefined : lt(users.id, query.before),
      ),
    )
    .orderBy(desc(users.id))
    .limit(query.limit);
}

/** GET /api/admin/members: a page of members with their balances, and the next page's cursor. */
export async function adminMemberList(db: DbOrTx, query: MemberSearch) {
  const rows = await searchMembers(db, { ...query, limit: query.limit + 1 });
  const { items, nextCursor } = page(rows, query.limit);
  return { items: await adminMembers(db, items), next_cursor: nextCursor };
}
