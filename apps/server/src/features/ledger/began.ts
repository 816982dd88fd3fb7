import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { localDate } from '../../lib/calendar.ts';

/**
 * The day the association's books begin in Jamiya (YYYY-MM-DD, Dubai): an import's opening
 * where it came with one (an entry by hand may be dated before it, say a bank charge of the
 * month before), else its first entry's; null while the books hold nothing.
 */
export async function booksBeganOn(db: DbOrTx): Promise<string | null> {
  // An index lookup each (journal_entries_opening_idx, _occurred_idx), not a scan of them all.
  const [row] = await rowsOf<{ opening: Date | string | null; first: Date | string | null }>(
    db,
    sql`select (select min(occurred_at) from journal_entries where kind = 'opening') as opening,
      (select min(occurred_at) from journal_entries) as first`,
  );
  const at = row?.opening ?? row?.first;
  return at ? localDate(new Date(at)) : null;
}
