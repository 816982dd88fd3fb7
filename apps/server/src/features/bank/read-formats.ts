import type { BankFormat, StatementReader } from './read-types.ts';
import { camt053 } from './read-camt.ts';
import { csv } from './read-csv.ts';
import { mt940 } from './read-mt940.ts';

// The statement formats Jamiya reads, one row each, tried in this order on a file's start. A new
// format is its name in the contracts' BANK_FORMATS, its reader file, and its row here (a name
// without a row does not compile).

export const READERS = { camt053, mt940, csv } satisfies Record<BankFormat, StatementReader>;

/** The format a file's start is of, or null when it is none. */
export function formatOfHead(head: string): BankFormat | null {
  const formats = Object.keys(READERS) as BankFormat[];
  return formats.find((format) => READERS[format].detect(head)) ?? null;
}
