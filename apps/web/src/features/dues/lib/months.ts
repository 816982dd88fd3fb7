import { PAY_AHEAD_MONTHS } from '@jamiya/contracts/values';
import { addMonthsToPeriod } from '@jamiya/money/dates';
import { filsToAed } from '@jamiya/money/fils';
import type { AccountData } from '../../../api/get-account-data.ts';
import { owedFils, type MonthlyRow } from './fines.ts';

/** A month a member can pay, with what is left of it. */
export interface PayableMonth {
  period: string;
  /** What is left to pay of it, in AED. */
  remaining: number;
  /** What it asks in all, in AED: its due and its late fine. */
  due: number;
  /** What is already paid of it, in AED. */
  paid: number;
}

/**
 * The months a member can pay now, oldest first (docs/decisions/040): those owed up to this
 * month (unpaid or part paid, no receipt under review), and the PAY_AHEAD_MONTHS after it but
 * those paid or under review. A month ahead nobody paid into is due the monthly due.
 */
export function payableMonths(account: AccountData): {
  owed: PayableMonth[];
  ahead: PayableMonth[];
} {
  const current = account.current_period;
  const byPeriod = new Map(account.monthlyPaymentData.map((r) => [r.period, r]));
  const open = (r: MonthlyRow) =>
    r.status !== 'completed' && r.status !== 'pending' && r.remaining > 0;
  const payable = (r: MonthlyRow): PayableMonth => ({
    period: r.period,
    remaining: r.remaining,
    due: filsToAed(owedFils(r)),
    paid: r.paid,
  });
  const owed = account.monthlyPaymentData
    .filter((r) => r.period <= current && open(r))
    .map(payable)
    .reverse();
  const ahead: PayableMonth[] = [];
  for (let k = 1; k <= PAY_AHEAD_MONTHS; k++) {
    const period = addMonthsToPeriod(current, k);
    const row = byPeriod.get(period);
    if (!row)
      ahead.push({
        period,
        remaining: account.monthly_due,
        due: account.monthly_due,
        paid: 0,
      });
    else if (open(row)) ahead.push(payable(row));
  }
  return { owed, ahead };
}
