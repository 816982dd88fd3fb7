import { describe, expect, it } from 'vitest';
import { useTestAppEach } from '../../../test/harness.ts';
import { addMonthsToPeriod, localDate, periodOf } from '../../lib/calendar.ts';
import { AppError } from '../../lib/errors.ts';
import { postEntry, reverseEntry } from './ledger.ts';
import { writeMonthLock } from './month-locks.ts';

// Issue 53, point 1: nothing is dated in a locked month, however it is written; a correction
// of what the month holds is a reversal dated in an open month.

const t = useTestAppEach();
const thisMonth = periodOf(localDate(new Date()));
const lastMonth = addMonthsToPeriod(thisMonth, -1);
const inLastMonth = new Date(`${lastMonth}-15T08:00:00Z`);

const entry = (occurredAt: Date) => ({
  kind: 'journal' as const,
  memo: 'Stationery, paid by the chair',
  occurredAt,
  createdBy: null,
  lines: [
    { account: { code: 'chart' as const, account: 'stationery' }, amountFils: 1_000 },
    { account: { code: 'chart' as const, account: 'other_expenses' }, amountFils: -1_000 },
  ],
});

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('a locked month', () => {
  it('takes no entry and no reversal dated in it, and sends them to the first open month', async () => {
    const admin = await t.makeUser({ role: 'admin', isMember: false });
    const before = await postEntry(t.db, entry(inLastMonth));
    await t.db.transaction((tx) =>
      writeMonthLock(tx, {
        month: lastMonth,
        lockedBy: admin.id,
        proposedBy: null,
        lockedAt: new Date(),
      }),
    );

    const posted = await refusal(postEntry(t.db, entry(inLastMonth)));
    expect(posted.statusCode).toBe(409);
    expect(posted.message).toMatch(/are locked: nothing more is dated in it/);
    const reversed = await refusal(
      reverseEntry(t.db, before, {
        createdBy: admin.id,
        memo: 'Wrong account',
        occurredAt: inLastMonth,
      }),
    );
    expect(reversed.statusCode).toBe(409);

    // Dated today, both go in: the correction of a locked month is a reversal in an open one.
    await postEntry(t.db, entry(new Date()));
    await reverseEntry(t.db, before, {
      createdBy: admin.id,
      memo: 'Wrong account',
      occurredAt: new Date(),
    });
    const again = await refusal(
      t.db.transaction((tx) =>
        writeMonthLock(tx, {
          month: lastMonth,
          lockedBy: admin.id,
          proposedBy: null,
          lockedAt: new Date(),
        }),
      ),
    );
    expect(again.statusCode).toBe(409);
    await t.expectBooksBalance();
  });
});
