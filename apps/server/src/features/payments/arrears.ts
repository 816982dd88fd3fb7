import { and, eq, isNull } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { periodOf } from '../../lib/calendar.ts';
import { accountSummaryColumns, toAccountSummary } from './account-summary.ts';
import { monthsBehind } from './months.ts';

// What the arrears desk asks of dues (docs/domain/arrears.md): each active member's months
// behind, read with the account summary's columns in one statement for every member.

export interface DuesBehind {
  /** Months before this one with something unpaid and no receipt under review. */
  monthsBehind: number;
  /** What those months owe, late fines included. */
  owedFils: Fils;
  /** The day the oldest of them fell due. */
  oldestDueOn: string;
}

/** The active members behind on their dues on `today`, by user id. */
export async function duesBehind(db: DbOrTx, today: string): Promise<Map<number, DuesBehind>> {
  const rows = await db
    .select({ id: users.id, ...accountSummaryColumns(today) })
    .from(users)
    .where(and(eq(users.isMember, true), eq(users.status, 1), isNull(users.leftOn)));
  const thisPeriod = periodOf(today);
  const behind = new Map<number, DuesBehind>();
  for (const row of rows) {
    const late = monthsBehind(toAccountSummary(row, today).rows, thisPeriod);
    if (late.length === 0) continue;
    behind.set(row.id, {
      monthsBehind: late.length,
      owedFils: late.reduce((s, r) => s + r.remainingFils, 0),
      // Rows are newest first.
      oldestDueOn: late[late.length - 1]!.dueOn,
    });
  }
  return behind;
}
