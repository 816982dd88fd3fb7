// The model behind own-books-property.test.ts (issue 49): the association's bank account over
// four days as the bank keeps it, the statements the treasurer imports from it, the treasurer's
// steps, and the books and the bank read back from the database, to set beside the API's answers.
import type { Format, PoolEntry } from './generators.ts';

/** A statement held, as the model knows it: the bank's entries of its days. */
export interface HeldStatement {
  id: number;
  /** What makes the file the same bytes (a CSV is one file whichever columns are read). */
  key: string;
  entries: PoolEntry[];
  to: string;
}
export interface Model {
  /** The bank's balance before the first day: the books' cash then. */
  b0: number;
  pool: PoolEntry[];
  statements: HeldStatement[];
  /** The treasurer once said "new lines" of lines that were the same: some are held twice. */
  doubled: boolean;
}

export const fileKey = (format: Format, entries: PoolEntry[]) =>
  `${format === 'camt053' ? 'camt' : 'csv'}:${entries.map((e) => e.index).join(',')}`;
export const covered = (m: Model) =>
  new Set(m.statements.flatMap((s) => s.entries.map((e) => e.index)));
/** The bank's true balance at the end of `day` (before it when `before`). */
export const bankAt = (m: Model, day: string, before = false) =>
  m.pool
    .filter((e) => (before ? e.day < day : e.day <= day))
    .reduce((s, e) => s + e.amountFils, m.b0);
