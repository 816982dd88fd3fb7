import { min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { localDate } from '../../lib/calendar.ts';

/**
 * The day the association's books begin in Jamiya (YYYY-MM-DD, Dubai): its first entry's, an
 * import's opening where it came with one; null while the books hold nothing.
 */
export async function booksBeganOn(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ at: min(journalEntries.occurredAt) }).from(journalEntries);
  return row?.at ? localDate(row.at) : null;
}
