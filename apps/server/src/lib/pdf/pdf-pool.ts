import { unprocessable } from '../errors.ts';
import type { Say } from '../sentence.ts';
import { threadPool, type TimedTask } from '../thread-pool.ts';

// PDFs are drawn in a pool thread (lib/thread-pool.ts, decision 034): pdfkit lays out and embeds
// fonts for 0.3 to 3 s a document, which in the main thread stopped every other answer (issue 51).

/** How long one PDF may take, from when its thread takes it. */
const DRAW_TIME_LIMIT_MS = 60_000;
const HEAP_MB = 256;

/**
 * Draws the tasks of `worker` (a module beside `callerUrl` whose default export answers a PDF's
 * bytes) in a pool thread; one past the time limit is a 422 that says `tooLong`.
 */
export function pdfDrawer<Task extends object>(callerUrl: string, worker: string, tooLong: Say) {
  const run = threadPool<Task & TimedTask, Uint8Array>(callerUrl, worker, HEAP_MB);
  return async (task: Task): Promise<Buffer> => {
    // The thread is told when it starts through a port the pool adds (thread-pool.ts).
    const bytes = await run(task as Omit<Task & TimedTask, 'started'>, DRAW_TIME_LIMIT_MS);
    if (!bytes) throw unprocessable(tooLong);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}
