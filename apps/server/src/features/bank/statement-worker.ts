import { markStarted, type TimedTask } from '../../lib/thread-pool.ts';
import { readCsvColumns, readStatement } from './read-statement.ts';
import {
  StatementRefusedError,
  type CsvColumns,
  type CsvMapping,
  type Problem,
  type Statement,
} from './read-types.ts';

// A thread of the statements' pool (read-pool.ts): one file at a time, off the main thread.

export interface StatementTask extends TimedTask {
  input: Uint8Array;
  /** A CSV's columns only (to choose them), or the whole statement through `mapping`. */
  read: 'columns' | 'statement';
  mapping?: CsvMapping;
}

export type StatementTaskResult =
  | { ok: true; statement: Statement }
  | { ok: true; columns: CsvColumns }
  | { ok: false; problems: Problem[] };

export default function readInThread(task: StatementTask): StatementTaskResult {
  markStarted(task);
  try {
    return task.read === 'columns'
      ? { ok: true, columns: readCsvColumns(task.input) }
      : { ok: true, statement: readStatement(task.input, task.mapping) };
  } catch (error) {
    if (error instanceof StatementRefusedError) return { ok: false, problems: error.problems };
    throw error;
  }
}
