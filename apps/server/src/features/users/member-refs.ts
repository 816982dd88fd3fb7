import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export interface MemberRef {
  id: number;
  unique_id: string;
  name: string;
}

/** Who a row belongs to or was made by, as the treasurer's lists show it: one query per page. */
export async function memberRefsById(
  db: DbOrTx,
  ids: ReadonlyArray<number | null>,
): Promise<Map<number, MemberRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, unique_id: users.uniqueId, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}
