import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankLines } from '../../db/schema/bank.ts';

/** The bank line each entry among `entryIds` is linked to, for the journal (features/ledger). */
export async function bankLinesOf(
  db: DbOrTx,
  entryIds: readonly number[],
): Promise<Map<number, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({ id: bankLines.id, entryId: bankLines.entryId })
    .from(bankLines)
    .where(inArray(bankLines.entryId, [...entryIds]));
  return new Map(rows.map((r) => [r.entryId!, r.id]));
}
