import { allocate } from './allocate.ts';
import { assertFils, type Fils } from './fils.ts';

/**
 * Shares `totalFils` (an income to hand out, never negative) among members in proportion to
 * their `weights` (non-negative whole numbers, such as balance-days in fils × days). The parts
 * sum exactly to the total, each is within 1 fil of its exact share, a zero weight gets 0, and
 * a larger weight never gets less than a smaller one (largest remainder, see `allocate`).
 *
 * Returns null when no weight is above zero: there is nobody to share with, and the caller
 * says so rather than guess.
 */
export function shareOut(totalFils: Fils, weights: readonly number[]): Fils[] | null {
  assertFils(totalFils, 'totalFils');
  if (totalFils < 0)
    throw new RangeError(`a share-out needs a total of 0 or more, got ${totalFils}`);
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`share-out weights must be non-negative whole numbers, got ${weight}`);
    }
  }
  if (!weights.some((weight) => weight > 0)) return null;
  return allocate(totalFils, weights);
}
