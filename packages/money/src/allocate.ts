import { assertFils, type Fils } from './fils.ts';

/**
 * Splits `totalFils` in proportion to `ratios` without losing a fil: the parts sum exactly
 * to the total and each is within 1 fil of its exact share (largest-remainder method; the
 * fils left over go to the largest remainders, ties to the earliest index). A part whose
 * ratio is 0 is 0.
 *
 * Ratios are non-negative safe integers with at least one above zero; all-zero or empty
 * ratios throw RangeError rather than guess a split.
 */
export function allocate(totalFils: Fils, ratios: readonly number[]): Fils[] {
  assertFils(totalFils, 'totalFils');
  if (ratios.length === 0) throw new RangeError('allocate needs at least one ratio');
  for (const ratio of ratios) {
    if (!Number.isSafeInteger(ratio) || ratio < 0) {
      throw new RangeError(`allocate ratios must be non-negative whole numbers, got ${ratio}`);
    }
  }
  const weights = ratios.map((ratio) => BigInt(ratio));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  if (weightSum === 0n) throw new RangeError('allocate needs at least one ratio above zero');

  // Split the magnitude and put the sign back, so -100 splits as the mirror image of 100.
  const magnitude = BigInt(Math.abs(totalFils));
  const shares = weights.map((weight, index) => ({
    index,
    part: (magnitude * weight) / weightSum,
    remainder: (magnitude * weight) % weightSum,
  }));
  const leftover = magnitude - shares.reduce((sum, share) => sum + share.part, 0n);

  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder.slice(0, Number(leftover))) share.part += 1n;

  // BigInt has no -0, so a zero part of a negative total comes out as 0.
  return shares.map((share) => Number(totalFils < 0 ? -share.part : share.part));
}
