import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { preparedPer } from '../../lib/prepared.ts';
import { liveSession } from '../auth/sessions.ts';
import { accountSummaryColumns } from '../dues/dues.ts';

/**
 * GET /api/my-account-data in one statement: the live session (placeholders `tokenHash`,
 * `now`, see sessionParams), its member and their account summary as of `today`. The query
 * plans of test/query-plans.test.ts are taken of this very statement.
 */
export function accountDataQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      role: users.role,
      status: users.status,
      uniqueId: users.uniqueId,
      name: users.name,
      createdAt: users.createdAt,
      ...accountSummaryColumns(sql.placeholder('today')),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession);
}

export const accountDataStatement = preparedPer((db) =>
  accountDataQuery(db).prepare('account_data'),
);
