import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { membershipApplications } from '../../db/schema/membership.ts';
import { page } from '../../lib/pagination.ts';
import type { Application } from './decide.ts';

// The applications from Join Now as the treasurer lists them.

/** A page of the applications in `status`, newest first. */
export async function applicationsPage(
  db: DbOrTx,
  query: { status: Application['status']; cursor: number | null; limit: number },
): Promise<{ items: Application[]; next_cursor: string | null }> {
  const { status, cursor, limit } = query;
  const rows = await db
    .select()
    .from(membershipApplications)
    .where(
      and(
        eq(membershipApplications.status, status),
        cursor === null ? undefined : lt(membershipApplications.id, cursor),
      ),
    )
    .orderBy(desc(membershipApplications.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return { items, next_cursor: nextCursor };
}
