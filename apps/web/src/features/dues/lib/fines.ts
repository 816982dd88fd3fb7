import type { PublicSettings } from '@jamiya/contracts/settings';
import { parseAed, type Fils } from '@jamiya/money/fils';
import type { AccountData } from '../../../api/get-account-data.ts';

type Row = AccountData['monthlyPaymentData'][number];
export type DuesRules = PublicSettings['dues_rules'];

/** What a month asks in all: its due and its late fine (less what was waived). */
export const owedFils = (row: Row): Fils => parseAed(row.amount) + parseAed(row.fine);

/** A month owed now and not paid, which a fine may still fall on. */
export const isUnpaid = (row: Row) => row.status === 'pay_now' || row.status === 'due';
