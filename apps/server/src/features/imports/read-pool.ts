import { threadPool } from '../../lib/thread-pool.ts';
import type { ReadRefusal, Sheet } from './read-file.ts';
import type { ReadResult, ReadTask } from './read-worker.ts';

// A spreadsheet is read in a pool thread (lib/thread-pool.ts, decision 047): an XLSX is a zip
// of XML that could unpack or parse without end, and the main thread keeps answering.

/** How long one spreadsheet may be read, from when its thread takes it. */
export const READ_TIME_LIMIT_MS = 30_000;
const HEAP_MB = 768;

const runInPool = threadPool<ReadTask, ReadResult>(import.meta.url, 'read-worker', HEAP_MB);

export async function readInPool(
  input: Uint8Array,
  timeLimitMs = READ_TIME_LIMIT_MS,
): Promise<{ ok: true; sheet: Sheet } | { ok: false; reason: ReadRefusal | 'too_much_work' }> {
  return (await runInPool({ input }, timeLimitMs)) ?? { ok: false, reason: 'too_much_work' };
}
