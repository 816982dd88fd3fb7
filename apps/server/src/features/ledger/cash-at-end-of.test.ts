import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { cashAtEndOf } from './cash.ts';
import { postEntry } from './ledger.ts';

// The books' cash at the end of a day (the reconciliation's) reads the kept month totals and
// takes off what the cash account's own postings hold after the day in its month.

const t = useTestApp();

describe('the books’ cash at the end of a day', () => {
  it('is every cash posting up to the day’s end in Dubai: before, inside and after a month’s entries', async () => {
    const admin = await t.makeUser({ role: 'admin' });
    const member = await t.makeUser();
    const entry = (at: string, fils: number) =>
      postEntry(t.db, {
        kind: 'journal',
        memo: 'test entry',
        occurredAt: new Date(at),
        createdBy: admin.id,
        lines: [
          { account: { code: 'cash' }, amountFils: fils },
          { account: { code: 'savings', userId: member.id }, amountFils: -fils },
        ],
      });
    await entry('2015-05-03T08:00:00Z', 20_000);
    await entry('2015-05-20T08:00:00Z', 15_000);
    // 1 June in Dubai, 31 May in UTC.
    await entry('2015-05-31T21:00:00Z', 5_000);
    await entry('2015-06-15T08:00:00Z', -2_500);

    const expected: Array<[string, number]> = [
      ['2015-05-02', 0],
      ['2015-05-03', 20_000],
      ['2015-05-19', 20_000],
      ['2015-05-20', 35_000],
      ['2015-05-31', 35_000],
      ['2015-06-01', 40_000],
      ['2015-06-14', 40_000],
      ['2015-06-30', 37_500],
    ];
    for (const [day, fils] of expected) expect(await cashAtEndOf(t.db, day), day).toBe(fils);
    await t.expectBooksBalance();
  });
});
