import { PAY_AHEAD_MONTHS } from '@jamiya/contracts/values';
import type { AccountData } from '../../../api/get-account-data.ts';

type Row = AccountData['monthlyPaymentData'][number];

/** The period `months` after `period`: "2026-12", 1 -> "2027-01". */
export function shiftPeriod(period: string, months: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month a member can pay, with what is left of it. */
export interface PayableMonth {
  period: string;
  /** What is left to pay of it, in AED. */
  remaining: number;
  /** What it is due, in AED. */
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
  const open = (r: Row) => r.status !== 'completed' && r.status !== 'pending' && r.remaining > 0;
  const payable = (r: Row): PayableMonth => ({
    period: r.period,
    remaining: r.remaining,
    due: r.amount,
    paid: r.paid,
  });
  const owed = account.monthlyPaymentData
    .filter((r) => r.period <= current && open(r))
    .map(payable)
    .reverse();
  const ahead: PayableMonth[] = [];
  for (let k = 1; k <= PAY_AHEAD_MONTHS; k++) {
    const period = shiftPeriod(current, k);
    const row = byPeriod.get(period);
    if (!row)
      ahead.push({ period, remaining: account.monthly_due, due: account.monthly_due, paid: 0 });
    else if (open(row)) ahead.push(payable(row));
  }
  return { owed, ahead };
}
