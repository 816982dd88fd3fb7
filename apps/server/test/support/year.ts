// Last year at the bank, booked (issue 53's tests): a donation in January, the bank's fee in June
// and its profit on the year's last day, so that a statement reaches every month's end.
import { expect } from 'vitest';
import { localDate } from '../../src/lib/calendar.ts';
import type { TestApp } from '../harness.ts';
import { adminCalls, importStatement, lineIdsOf } from './own-books.ts';

/** Last year in Dubai's calendar. */
export const lastYear = Number(localDate(new Date()).slice(0, 4)) - 1;

/** Imports last year's statement and books its lines: AED 1,000 in, 26.25 out, 5 in. */
export async function lastYearBooked(t: TestApp, token: string): Promise<void> {
  const { response, statementId } = await importStatement(t.app, token, [
    { day: `${lastYear}-01-05`, amountFils: 100_000, ref: 'IN-1', text: 'DONATION' },
    { day: `${lastYear}-06-30`, amountFils: -2_625, ref: 'FEE-1', text: 'MAINTENANCE FEE' },
    { day: `${lastYear}-12-31`, amountFils: 500, ref: 'INT-1', text: 'PROFIT PAID' },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  const ids = await lineIdsOf(t.db, statementId);
  const calls = adminCalls(t.app, token);
  for (const [ref, account] of [
    ['IN-1', 'other_income'],
    ['FEE-1', 'bank_charges'],
    ['INT-1', 'bank_interest'],
  ] as const) {
    const res = await calls.post(`/api/admin/bank-lines/${ids.get(ref)}/book`, { account });
    expect(res.statusCode, res.body).toBe(201);
  }
}
