import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareOut } from './share-out.ts';

describe('shareOut', () => {
  it.each([
    // Balance-days of three members over a 90-day period.
    [12_345, [20_000 * 90, 0, 50_000 * 40], [5_848, 0, 6_497]],
    [100, [1, 1, 1], [34, 33, 33]],
    [0, [5, 7], [0, 0]],
    [1, [3, 7], [0, 1]],
    [99, [0, 4], [0, 99]],
  ])('shares %d by %j as %j', (total, weights, parts) => {
    expect(shareOut(total, weights)).toEqual(parts);
  });

  it('has nobody to share with when no weight is above zero', () => {
    expect(shareOut(500, [])).toBeNull();
    expect(shareOut(500, [0, 0])).toBeNull();
  });

  it.each([
    [-1, [1]],
    [1.5, [1]],
    [100, [-1, 2]],
    [100, [0.5]],
    [100, [2 ** 53]],
  ])('refuses total %d with weights %j', (total, weights) => {
    expect(() => shareOut(total, weights)).toThrow(RangeError);
  });

  const weightsArb = fc.array(
    fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 1_000 }),
      // Up to 10 million AED held for 10 years, in fils × days.
      fc.integer({ min: 0, max: 1_000_000_000 * 3_650 }),
    ),
    { minLength: 1, maxLength: 30 },
  );
  const totalArb = fc.oneof(
    fc.integer({ min: 0, max: 10_000 }),
    fc.integer({ min: 0, max: 100_000_000_000 }),
  );

  it('never loses a fil, keeps each part within 1 fil of its exact share, gives 0 to weight 0', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const parts = shareOut(total, weights);
        const weightSum = weights.reduce((sum, w) => sum + BigInt(w), 0n);
        if (weightSum === 0n) {
          expect(parts).toBeNull();
          return;
        }
        expect(parts).not.toBeNull();
        const shares = parts!;
        expect(shares).toHaveLength(weights.length);
        expect(shares.reduce((sum, part) => sum + BigInt(part), 0n)).toBe(BigInt(total));
        weights.forEach((weight, i) => {
          const part = BigInt(shares[i]!);
          expect(part >= 0n).toBe(true);
          // |part − total × weight / weightSum| < 1, compared in whole numbers (× weightSum).
          const error = part * weightSum - BigInt(total) * BigInt(weight);
          expect(error < weightSum && error > -weightSum).toBe(true);
          if (weight === 0) expect(part).toBe(0n);
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('never gives a larger weight less than a smaller one', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const parts = shareOut(total, weights);
        if (!parts) return;
        for (let i = 0; i < weights.length; i++) {
          for (let j = 0; j < weights.length; j++) {
            if (weights[i]! > weights[j]!) expect(parts[i]!).toBeGreaterThanOrEqual(parts[j]!);
          }
        }
      }),
    );
  });

  it('does not depend on the order the members are listed in, beyond a tie', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const parts = shareOut(total, weights);
        const reversed = shareOut(total, [...weights].reverse());
        if (!parts || !reversed) return;
        reversed.reverse();
        weights.forEach((_, i) =>
          expect(Math.abs(parts[i]! - reversed[i]!)).toBeLessThanOrEqual(1),
        );
      }),
    );
  });
});
