import { expect, it } from 'vitest';
import { lateFineFils } from './fine.ts';

it('is the fixed amount, or the percentage of the due rounded half up to the fil', () => {
  expect(lateFineFils(20_000, { fineFils: 1_000, finePercent: null })).toBe(1_000);
  expect(lateFineFils(20_000, { fineFils: 1_000, finePercent: 7 })).toBe(1_400);
  // 5 % of AED 333.33 is 16.6665: 16.67.
  expect(lateFineFils(33_333, { fineFils: 1_000, finePercent: 5 })).toBe(1_667);
  // 5 % of AED 0.30 is 0.015: 0.02 (half up).
  expect(lateFineFils(30, { fineFils: 0, finePercent: 5 })).toBe(2);
});
