import { markStarted, type TimedTask } from '../../lib/thread-pool.ts';
import { readSheet, SheetRefusedError, type ReadRefusal, type Sheet } from './read-file.ts';

// A thread of the spreadsheets' pool (read-pool.ts): one file at a time, off the main thread.

export interface ReadTask extends TimedTask {
  input: Uint8Array;
}

export type ReadResult = { ok: true; sheet: Sheet } | { ok: false; reason: ReadRefusal };

export default async function readInThread(task: ReadTask): Promise<ReadResult> {
  markStarted(task);
  try {
    return { ok: true, sheet: await readSheet(task.input) };
  } catch (error) {
    if (error instanceof SheetRefusedError) return { ok: false, reason: error.reason };
    throw error;
  }
}
