import type { ExitRequest } from '@jamiya/contracts/exits';

/** What the form holds: the leaving day as YYYY-MM-DD (DateField's `incomplete` while a part is missing), and where to pay. */
export type LeaveFormInput = { leave_on: string; pay_to: string };
export type LeaveFormValues = ExitRequest;

export const LEAVE_FIELDS = ['leave_on', 'pay_to'] as const;

/** The last day the member may choose: a year from today (YYYY-MM-DD), the 28th for a 29 February. */
export function lastDayToLeave(today: string): string {
  const [year, month, day] = today.split('-');
  const last = `${Number(year) + 1}-${month}-${day}`;
  return month === '02' && day === '29' ? `${Number(year) + 1}-02-28` : last;
}

/** Texts of the checks the shared schema does not make (it knows no "today"). */
export interface LeaveFormMessages {
  tooEarly: string;
  tooLate: string;
}
