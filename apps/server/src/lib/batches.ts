/**
 * Rows written or looked up in one statement, when a call handles thousands (an import): a
 * statement of a thousand rows of up to 60 columns stays under PostgreSQL's 65,535 parameters,
 * and a few dozen statements do what thousands would.
 */
const BATCH = 1_000;

/** `items` in runs of a thousand, in order. */
export function inBatches<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH)
    batches.push(items.slice(start, start + BATCH));
  return batches;
}
