import type { AdminPayment } from '@jamiya/contracts/admin';
import type { DbOrTx } from '../../db/client.ts';
import type { Payment } from '../dues/dues.ts';

/** For each submission, the other submissions whose receipt is the same or near-identical. */
export async function possibleDuplicatesOf(
  _db: DbOrTx,
  _rows: Payment[],
): Promise<Map<number, AdminPayment['possible_duplicates']>> {
  // TODO(issue 20, point 8): match on files.original_sha256 and files.picture_hash.
  return new Map();
}
