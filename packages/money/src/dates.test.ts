import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsToPeriod, monthsFromTo } from './dates.ts';

const period = fc
  .record({ year: fc.integer({ min: 1970, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);

describe('month arithmetic', () => {
  it('adds months across years', () => {
    expect(addMonthsToPeriod('2026-12', 1)).toBe('2027-01');
    expect(addMonthsToPeriod('2026-01', -13)).toBe('2024-12');
  });

  it('counts the months from one to another, both counted, and none backwards', () => {
    expect(monthsFromTo('2024-03', '2024-03')).toBe(1);
    expect(monthsFromTo('2024-11', '2025-02')).toBe(4);
    fc.assert(
      fc.property(period, fc.integer({ min: -600, max: 600 }), (from, n) => {
        expect(monthsFromTo(from, addMonthsToPeriod(from, n))).toBe(Math.max(0, n + 1));
      }),
    );
  });
});
