// The model's small helpers: amounts as the API writes them, the association's days, what a
// two-admin call answers, a member's months of dues, and the draws several steps share.
import fc from 'fast-check';
import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { periodAgo, shiftPeriod } from '../calendar.ts';
import {
  DUE,
  DUE_DAY,
  GRACE_DAYS,
  MEMBERS,
  type MemberModel,
  type Model,
  type MonthModel,
} from './model.ts';

export const pad2 = (n: number) => String(n).padStart(2, '0');
/** The day a month (YYYY-MM) still unpaid is fined: grace days after its due day. */
export const fineDayOf = (period: string) =>
  `${period}-${String(DUE_DAY + GRACE_DAYS).padStart(2, '0')}`;
/** A Dubai day as YYYY-MM-DD (the association's days are Dubai's). */
export const dubaiDay = (at: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(at);
/** Fils as the text of an AED amount, in whole numbers only. */
export const aed = (f: Fils) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;
export const fils = (value: unknown): Fils => {
  const parsed = tryParseAed(value);
  if (parsed === null) throw new Error(`not an amount: ${String(value)}`);
  return parsed;
};

export const activeAdmins = (model: Readonly<Model>) => model.admins.filter((a) => a.active).length;
/**
 * What a two-admin call answers (decision 037): 403 to an inactive admin (or a call no admin
 * may make), 409 to the proposer confirming their own proposal, then `refused` if it cannot be
 * carried out; else 200 when it confirms the open proposal or one active admin acts alone, 202
 * when it proposes.
 */
export const signerAnswer = (
  model: Readonly<Model>,
  who: number,
  open: { by: number } | null | undefined,
  { refused = null, forbidden = false }: { refused?: number | null; forbidden?: boolean } = {},
): number =>
  !model.admins[who]!.active || forbidden
    ? 403
    : open?.by === who
      ? 409
      : (refused ?? (open || activeAdmins(model) < 2 ? 200 : 202));

export const monthOf = (m: MemberModel, period: string): MonthModel =>
  m.months.get(period) ?? {
    paidFils: 0,
    pendingSince: null,
    fineFils: 0,
    waivedFils: 0,
    waiveProposal: null,
  };
/** What payments paid of a month's fine: they pay its due first. */
export const finePaidFils = (month: MonthModel): Fils => Math.max(month.paidFils - DUE, 0);
/** What remains of a month: its due and its fine, less what was waived and what is paid. */
export const monthRemainingFils = (month: MonthModel): Fils =>
  Math.max(DUE + month.fineFils - month.waivedFils - month.paidFils, 0);
/** What a member owes of their fines: each month's, less what was waived and what paid it. */
export const finesOwedFils = (m: MemberModel): Fils =>
  [...m.months.values()].reduce(
    (s, month) => s + month.fineFils - month.waivedFils - finePaidFils(month),
    0,
  );
/** The months a member owes dues for, this month first, back to the month they joined. */
export function monthsSince(joined: string): string[] {
  const periods: string[] = [];
  for (let p = periodAgo(0); p >= joined; p = shiftPeriod(p, -1)) periods.push(p);
  return periods;
}
/** What is left of a month's due (paid first) and of its fine. */
export const dueLeftFils = (month: MonthModel): Fils => Math.max(DUE - month.paidFils, 0);
export const fineLeftFils = (month: MonthModel): Fils =>
  monthRemainingFils(month) - dueLeftFils(month);

export const member = fc.nat({ max: MEMBERS - 1 });
/** The treasurer (0) or the chair (1). */
export const admin = fc.nat({ max: 1 });
export const hit = fc.boolean();
/** A hit three times in four: for the steps that end a loan's life, rarely reached otherwise. */
export const mostlyHit = fc.oneof(
  { arbitrary: fc.constant(true), weight: 3 },
  { arbitrary: fc.constant(false), weight: 1 },
);
export const repayment = fc.oneof(
  fc.integer({ min: 1, max: 80_000 }),
  fc.constant('rest' as const),
);
