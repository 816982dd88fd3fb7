import { markStarted, type TimedTask } from '../../lib/thread-pool.ts';
import {
  sanitizeFile,
  UploadRefusedError,
  type FileRules,
  type RefusalReason,
  type SanitizedUpload,
} from './sanitize-file.ts';

// A thread of the file pool (file-pool.ts): one file at a time, off the main thread.

export interface FileTask extends TimedTask {
  input: Uint8Array;
  rules: FileRules;
}

export type FileTaskResult =
  { ok: true; upload: SanitizedUpload } | { ok: false; reason: RefusalReason };

// pdf-lib tells the console about each object of a damaged PDF it passes over; the member
// gets an answer instead, and the log stays readable.
console.warn = () => {};

export default async function sanitizeInThread(task: FileTask): Promise<FileTaskResult> {
  markStarted(task);
  const input = Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
  try {
    return { ok: true, upload: await sanitizeFile(input, task.rules) };
  } catch (error) {
    if (error instanceof UploadRefusedError) return { ok: false, reason: error.reason };
    throw error;
  }
}
