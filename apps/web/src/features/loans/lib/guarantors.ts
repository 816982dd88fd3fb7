import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { MAX_GUARANTORS, MEMBER_ID_PATTERN } from '@jamiya/contracts/values';

// The guarantors of a loan (issue 38): the part of a loan above the member's free savings
// (savings not held for guarantees they gave) is covered by other members, each for an amount.

/** A guarantor as the form holds it: what was typed. */
export interface GuarantorRow {
  member_id: string;
  amount: string;
}

export const emptyGuarantorRow = (): GuarantorRow => ({ member_id: '', amount: '' });

/** What guarantors must cover of a loan of `amountFils`: 0 when the free savings cover it. */
export const guaranteeNeededFils = (amountFils: Fils, freeSavingsFils: Fils): Fils =>
  Math.max(0, amountFils - freeSavingsFils);

export const normalizeMemberId = (text: string) => text.trim().toUpperCase();

export const isMemberId = (text: string) => MEMBER_ID_PATTERN.test(normalizeMemberId(text));

/** A row's amount in fils, or null while it is not an amount above AED 0. */
export function rowAmountFils(text: string): Fils | null {
  const fils = tryParseAed(text.trim());
  return fils !== null && fils > 0 ? fils : null;
}

/** What the rows cover together, counting only the amounts that are amounts. */
export const coveredFils = (rows: readonly GuarantorRow[]): Fils =>
  rows.reduce((sum, row) => sum + (rowAmountFils(row.amount) ?? 0), 0);

export type GuarantorProblem =
  | { index: number; field: 'member_id'; kind: 'memberId' | 'duplicate' }
  | { index: number; field: 'amount'; kind: 'amount' }
  | { kind: 'notEnough' | 'tooMany'; coveredFils: Fils };

/**
 * What keeps the rows from covering `neededFils`: a member ID that is not one or is named twice,
 * an amount that is not one, more rows than allowed, or a sum short of what is needed. None
 * when nothing is needed: the rows are not sent then.
 */
export function guarantorProblems(
  rows: readonly GuarantorRow[],
  neededFils: Fils,
): GuarantorProblem[] {
  if (neededFils <= 0) return [];
  const problems: GuarantorProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const id = normalizeMemberId(row.member_id);
    if (!isMemberId(id)) problems.push({ index, field: 'member_id', kind: 'memberId' });
    else if (seen.has(id)) problems.push({ index, field: 'member_id', kind: 'duplicate' });
    seen.add(id);
    if (rowAmountFils(row.amount) === null)
      problems.push({ index, field: 'amount', kind: 'amount' });
  });
  const covered = coveredFils(rows);
  if (rows.length > MAX_GUARANTORS) problems.push({ kind: 'tooMany', coveredFils: covered });
  else if (covered < neededFils) problems.push({ kind: 'notEnough', coveredFils: covered });
  return problems;
}

/** The guarantors as POST /api/loan-application takes them, once the rows have no problem. */
export const guarantorsToSend = (rows: readonly GuarantorRow[], neededFils: Fils) =>
  neededFils <= 0
    ? []
    : rows.map((row) => ({
        memberId: normalizeMemberId(row.member_id),
        amountFils: rowAmountFils(row.amount) ?? 0,
      }));
