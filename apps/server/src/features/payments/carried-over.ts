import { sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { inBatches } from '../../lib/batches.ts';

// The months an association's books say a member paid before it came to the app
// (features/imports): each completed by a carried-over payment, approved at the monthly due,
// with no receipt and no journal entry of its own (the member's savings come in with the
// opening entry, docs/domain/import.md).

/**
 * Marks each member's months from `from` to `to` (YYYY-MM, both paid) paid, in the caller's
 * transaction and one statement a thousand members: the months are made by the database.
 */
export async function carryOverPaidMonths(
  tx: DbOrTx,
  members: ReadonlyArray<{ userId: number; from: string; to: string }>,
  by: { monthlyDueFils: Fils; reviewedBy: number; at: Date },
): Promise<void> {
  for (const batch of inBatches(members)) {
    const months = batch.map((m) => ({
      user_id: m.userId,
      from_month: `${m.from}-01`,
      to_month: `${m.to}-01`,
    }));
    await tx.execute(sql`insert into payments (user_id, kind, period, amount_fils,
        approved_amount_fils, month_due_fils, status, carried_over, reviewed_by, reviewed_at,
        created_at)
      select m.user_id, 'dues', to_char(month, 'YYYY-MM'), ${by.monthlyDueFils},
        ${by.monthlyDueFils}, ${by.monthlyDueFils}, 'approved', true, ${by.reviewedBy},
        ${by.at.toISOString()}::timestamptz, ${by.at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(months)}::jsonb)
        as m(user_id int, from_month date, to_month date)
      cross join lateral generate_series(m.from_month::timestamp, m.to_month::timestamp,
        interval '1 month') as month`);
  }
}
