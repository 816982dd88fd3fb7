import type { PublicSettings } from '@jamiya/contracts/settings';
import { parseAed, type Fils } from '@jamiya/money/fils';
import type { AccountData } from '../../../api/get-account-data.ts';

type Row = AccountData['monthlyPaymentData'][number];
export type DuesRules = PublicSettings['dues_rules'];

/**
 * The late fine a month would get: the association's amount, or its percentage of the month's
 * due rounded half up to the fil, as the server charges it (docs/domain/dues.md).
 */
export function fineForFils(dueAed: number, rules: DuesRules): Fils {
  if (rules.fine_percent === null) return parseAed(rules.fine_amount);
  return Math.floor((parseAed(dueAed) * rules.fine_percent + 50) / 100);
}

/** What a month asks in all: its due and its late fine (less what was waived). */
export const owedFils = (row: Row): Fils => parseAed(row.amount) + parseAed(row.fine);

/** A month owed now and not paid, which a fine may still fall on. */
export const isUnpaid = (row: Row) => row.status === 'pay_now' || row.status === 'due';

/**
 * Whether the member may still say their salary is late for the month: once, while it is
 * unpaid and before its fine day (`today` and `fine_on` are Dubai's days, YYYY-MM-DD).
 */
export const maySaySalaryLate = (row: Row, today: string) =>
  isUnpaid(row) && row.salary_late_on === null && row.fine_on !== null && row.fine_on > today;
