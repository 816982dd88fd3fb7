/**
 * Rows written or looked up in one statement, when a call handles thousands (an import): a
 * statement of a thousand rows of up to 60 columns stays under PostgreSQL's 65,535 parameters,
 * and a few dozen statements do what thousands would.
 */
const BATCH = 1_000;

/** `items` in runs of a thousand (or `size`), in order. */
export function inBatches<T>(items: readonly T[], size = BATCH): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * Lets the event loop turn before a long job's next batch: the embedded database answers in
 * the main thread through promises alone, so a job that only awaits it never lets a request
 * in until it ends.
 */
export const letOthersIn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
