import { min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { localDate } from '../../lib/calendar.ts';

/**
 * The day the association's books begin in Jamiya (YYYY-MM-DD, Dubai): an import's opening
 * where it came with one (an entry by hand may be dated before it, say a bank charge of the
 * month before), else its first entry's; null while the books hold nothing.
 */
export async function booksBeganOn(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({
      opening: sql<
        Date | string | null
      >`min(${journalEntries.occurredAt}) filter (where ${journalEntries.kind} = 'opening')`,
      first: min(journalEntries.occurredAt),
    })
    .from(journalEntries);
  const at = row?.opening ?? row?.first;
  return at ? localDate(new Date(at)) : null;
}
