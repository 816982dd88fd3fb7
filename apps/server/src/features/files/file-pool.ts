import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
// Loaded by the main thread too, so that its libraries stay loaded when a pool thread ends
// (sharp's documentation on worker threads, lovell/sharp#2263).
import 'sharp';
import type { FileTask, FileTaskResult } from './file-worker.ts';

// Decision 034: the heavy work on an upload (decoding, re-encoding, rewriting a PDF, hashing)
// runs in a pool of threads, so that the main thread keeps answering while it runs, and each
// file has a bounded time and memory. One thread fewer than the cores, at a lower priority:
// the main thread (and PGlite, which runs in it) comes first.

/** How long one file may be worked on, from when its thread takes it. */
export const FILE_TIME_LIMIT_MS = 20_000;
/** A pool thread's JavaScript heap; a PDF's inflated streams are bounded apart (sanitize-pdf.ts). */
const HEAP_MB = 512;

// From the sources (tests, tsx) the worker is TypeScript, loaded through tsx; in the built
// server it is dist/file-worker.js, beside dist/server.js (build.mjs).
const here = import.meta.url;
const workerFile = new URL(here.endsWith('.ts') ? './file-worker.ts' : './file-worker.js', here);

function workerExecArgv(): string[] | undefined {
  if (!workerFile.pathname.endsWith('.ts')) return undefined;
  // Started by tsx, the threads inherit its loader; otherwise (Vitest) they are given it.
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return undefined;
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return [...process.execArgv, '--import', tsx];
}

let pool: Piscina<FileTask, FileTaskResult> | undefined;

function filePool(): Piscina<FileTask, FileTaskResult> {
  pool ??= new Piscina<FileTask, FileTaskResult>({
    filename: workerFile.href,
    execArgv: workerExecArgv(),
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 60_000,
    niceIncrement: 5,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  return pool;
}

/**
 * Runs the work on one file in the pool. A file whose work passes `timeLimitMs` (counted from
 * when a thread takes it) or the thread's memory is stopped, its thread replaced, and it is
 * answered as too much work.
 */
export async function inFilePool(
  task: Omit<FileTask, 'started'>,
  timeLimitMs = FILE_TIME_LIMIT_MS,
): Promise<FileTaskResult> {
  const stop = new AbortController();
  const { port1, port2 } = new MessageChannel();
  let timer: NodeJS.Timeout | undefined;
  port1.once('message', () => {
    timer = setTimeout(() => stop.abort(), timeLimitMs);
  });
  try {
    return await filePool().run(
      { ...task, started: port2 },
      { signal: stop.signal, transferList: [port2] },
    );
  } catch (error) {
    const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (stop.signal.aborted || outOfMemory) return { ok: false, reason: 'too_much_work' };
    throw error;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}
