import { TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsToPeriod, localDate, periodsNewestFirst, TIME_ZONE } from './calendar.ts';

// date-fns with its time-zone date is the oracle: the hot-path versions avoid it for speed.
const instant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const period = fc
  .record({ year: fc.integer({ min: 1990, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);

describe('calendar', () => {
  it("gives Dubai's date, which starts four hours before UTC's", () => {
    expect(localDate(new Date('2026-11-21T19:59:59Z'))).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
    expect(localDate(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });

  it('agrees with date-fns on any instant', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(localDate(now)).toBe(format(new TZDate(now, TIME_ZONE), 'yyyy-MM-dd'));
      }),
    );
  });

  it('adds months across years like date-fns', () => {
    fc.assert(
      fc.property(period, fc.integer({ min: -400, max: 400 }), (p, n) => {
        expect(addMonthsToPeriod(p, n)).toBe(
          format(addMonths(new Date(`${p}-01T12:00:00`), n), 'yyyy-MM'),
        );
      }),
    );
  });

  it('lists periods newest first, both ends included', () => {
    expect(periodsNewestFirst('2025-11', '2026-02')).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
    expect(periodsNewestFirst('2026-02', '2026-02')).toEqual(['2026-02']);
    expect(periodsNewestFirst('2026-03', '2026-02')).toEqual([]);
  });
});
