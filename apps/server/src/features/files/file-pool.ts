// Loaded by the main thread too, so that its libraries stay loaded when a pool thread ends
// (sharp's documentation on worker threads, lovell/sharp#2263).
import 'sharp';
import { threadPool } from '../../lib/thread-pool.ts';
import type { FileTask, FileTaskResult } from './file-worker.ts';

// Decision 034: the heavy work on an upload (decoding, re-encoding, rewriting a PDF, hashing)
// runs in a pool of threads (lib/thread-pool.ts), one file at a time each.

/** How long one file may be worked on, from when its thread takes it. */
export const FILE_TIME_LIMIT_MS = 20_000;
/** A pool thread's JavaScript heap; a PDF's inflated streams are bounded apart (sanitize-pdf.ts). */
const HEAP_MB = 512;

const runInPool = threadPool<FileTask, FileTaskResult>(import.meta.url, 'file-worker', HEAP_MB);

/**
 * Runs the work on one file in the pool. A file whose work passes `timeLimitMs` or the thread's
 * memory is answered as too much work.
 */
export async function inFilePool(
  task: Omit<FileTask, 'started'>,
  timeLimitMs = FILE_TIME_LIMIT_MS,
): Promise<FileTaskResult> {
  return (await runInPool(task, timeLimitMs)) ?? { ok: false, reason: 'too_much_work' };
}
