import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';

describe('allocate', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [-100, [1, 1, 1], [-34, -33, -33]],
    [2, [1, 1, 1], [1, 1, 0]],
    [5, [1, 0, 1], [3, 0, 2]],
    [0, [1, 2], [0, 0]],
    [10, [0, 0, 5], [0, 0, 10]],
    [1003, [70, 30], [702, 301]],
    [100, [1], [100]],
    [1, [3, 7], [0, 1]],
    [100000, [35667, 35667, 35666], [33334, 33333, 33333]],
    [Number.MAX_SAFE_INTEGER, [1, 1], [4503599627370496, 4503599627370495]],
    [Number.MAX_SAFE_INTEGER, [Number.MAX_SAFE_INTEGER, 1], [Number.MAX_SAFE_INTEGER - 1, 1]],
  ])('splits %d by %j into %j', (total, ratios, parts) => {
    expect(allocate(total, ratios)).toEqual(parts);
  });

  it('never returns -0 for a zero part of a negative total', () => {
    const parts = allocate(-5, [1, 0]);
    expect(parts).toEqual([-5, 0]);
    expect(Object.is(parts[1], 0)).toBe(true);
  });

  it.each([
    [100, []],
    [100, [0, 0]],
    [100, [-1, 2]],
    [100, [1.5, 1]],
    [100, [NaN]],
    [100, [2 ** 53]],
    [1.5, [1]],
    [NaN, [1]],
  ])('rejects total %d with ratios %j', (total, ratios) => {
    expect(() => allocate(total, ratios)).toThrow(RangeError);
  });

  const ratiosArb = fc
    .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000_000 })), {
      minLength: 1,
      maxLength: 20,
    })
    .filter((ratios) => ratios.some((ratio) => ratio > 0));
  const totalArb = fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  );

  it('never loses a fil, keeps each part within 1 fil of its exact share, and rounds largest remainders up first', () => {
    fc.assert(
      fc.property(totalArb, ratiosArb, (total, ratios) => {
        const parts = allocate(total, ratios);
        expect(parts).toHaveLength(ratios.length);
        expect(parts.every(Number.isSafeInteger)).toBe(true);
        expect(parts.reduce((sum, part) => sum + BigInt(part), 0n)).toBe(BigInt(total));

        // Exact share i is total × ratio_i / S; compare everything multiplied by S.
        const weightSum = ratios.reduce((sum, ratio) => sum + BigInt(ratio), 0n);
        const magnitude = total < 0 ? -BigInt(total) : BigInt(total);
        const roundedUp: bigint[] = [];
        const roundedDown: bigint[] = [];
        ratios.forEach((ratio, index) => {
          const part = BigInt(parts[index] ?? Number.NaN);
          const scaledShare = BigInt(total) * BigInt(ratio);
          const error = part * weightSum - scaledShare;
          expect(error < weightSum && error > -weightSum).toBe(true);
          if (ratio === 0) expect(part).toBe(0n);
          expect(part === 0n || part > 0n === total > 0).toBe(true);

          const remainder = (magnitude * BigInt(ratio)) % weightSum;
          const partMagnitude = part < 0n ? -part : part;
          if (partMagnitude * weightSum > magnitude * BigInt(ratio)) roundedUp.push(remainder);
          else if (remainder !== 0n) roundedDown.push(remainder);
        });
        const smallestUp = roundedUp.reduce((min, r) => (r < min ? r : min), weightSum);
        const largestDown = roundedDown.reduce((max, r) => (r > max ? r : max), -1n);
        expect(smallestUp >= largestDown).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('splits a negative total as the mirror image of the positive one', () => {
    fc.assert(
      fc.property(totalArb, ratiosArb, (total, ratios) => {
        expect(allocate(-total, ratios)).toEqual(allocate(total, ratios).map((part) => 0 - part));
      }),
    );
  });

  it('breaks ties towards the earliest index', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1000 }),
        (n, total) => {
          const parts = allocate(total, Array<number>(n).fill(1));
          const base = Number(BigInt(total) / BigInt(n));
          const extra = total % n;
          expect(parts).toEqual(Array.from({ length: n }, (_, i) => (i < extra ? base + 1 : base)));
        },
      ),
    );
  });
});
