import { threadPool } from '../../lib/thread-pool.ts';
import type { CsvColumns, CsvMapping, Problem, Statement } from './read-types.ts';
import type { StatementTask, StatementTaskResult } from './statement-worker.ts';

// A bank statement is read in a pool thread (lib/thread-pool.ts, decision 047), as a spreadsheet
// is: its XML or its rows come from outside, and the main thread keeps answering meanwhile.

/** How long one statement may be read, from when its thread takes it. */
export const READ_TIME_LIMIT_MS = 20_000;
const HEAP_MB = 512;

const runInPool = threadPool<StatementTask, StatementTaskResult>(
  import.meta.url,
  'statement-worker',
  HEAP_MB,
);

type Refused = { ok: false; problems: Problem[] } | { ok: false; tooMuchWork: true };

/** A statement read whole; refused with its problems, or when it takes too much to read. */
export async function readStatementInPool(
  input: Uint8Array,
  mapping?: CsvMapping,
  timeLimitMs = READ_TIME_LIMIT_MS,
): Promise<{ ok: true; statement: Statement } | Refused> {
  const result = await runInPool({ input, read: 'statement', mapping }, timeLimitMs);
  if (!result) return { ok: false, tooMuchWork: true };
  if (!result.ok || 'statement' in result) return result;
  throw new Error('The statement thread answered columns for a statement');
}

/** A CSV's header and first rows, for the treasurer to choose its columns. */
export async function readCsvColumnsInPool(
  input: Uint8Array,
  timeLimitMs = READ_TIME_LIMIT_MS,
): Promise<{ ok: true; columns: CsvColumns } | Refused> {
  const result = await runInPool({ input, read: 'columns' }, timeLimitMs);
  if (!result) return { ok: false, tooMuchWork: true };
  if (!result.ok || 'columns' in result) return result;
  throw new Error('The statement thread answered a statement for columns');
}
