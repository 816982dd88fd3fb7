import type { PublicSettings } from '@jamiya/contracts/settings';
import { parseAed, type Fils } from '@jamiya/money/fils';
import type { AccountData } from '../../../api/get-account-data.ts';

/** A month of the member's dues, as /api/my-account-data lists them. */
export type MonthlyRow = AccountData['monthlyPaymentData'][number];
/** A month with the day its late fine falls on. */
export type FinedRow = MonthlyRow & { fine_on: string };
export type DuesRules = PublicSettings['dues_rules'];

/** What a month asks in all: its due and its late fine (less what was waived). */
export const owedFils = (row: MonthlyRow): Fils => parseAed(row.amount) + parseAed(row.fine);

/** A month owed now and not paid, with the day a fine falls on it unless paid by then. */
export const mayBeFined = (row: MonthlyRow): row is FinedRow =>
  (row.status === 'pay_now' || row.status === 'due') && row.fine_on !== null;
