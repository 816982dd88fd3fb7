// A row's open loan checked: all four loan cells, or none.
import type { Fils } from '@jamiya/money/fils';
import { loanFigures } from '@jamiya/money/loan';
import type { ImportColumn } from '@jamiya/contracts/imports';
import { aed, sentence } from '../../lib/i18n.ts';
import { amountCell, monthCell, wholeNumberCell } from './cells.ts';
import type { ImportRules, RowChecks } from './row-rules.ts';

export interface ImportLoan {
  amountFils: Fils;
  termMonths: number;
  /** The month it was paid out (YYYY-MM). */
  disbursed: string;
  /** Repaid of it before the cut-over, principal and interest. */
  repaidFils: Fils;
}

export const LOAN_COLUMNS = [
  'loan_amount',
  'loan_term_months',
  'loan_disbursed',
  'loan_repaid',
] as const;

/** The open loan of a row: all four loan cells, or none. */
export function checkLoan(
  cells: Record<ImportColumn, string>,
  rules: ImportRules,
  joined: string | undefined,
  { refuse, take, notAfterStart }: RowChecks,
): ImportLoan | null | undefined {
  const empty = LOAN_COLUMNS.filter((c) => cells[c] === '');
  if (empty.length === LOAN_COLUMNS.length) return null;
  if (empty.length > 0) {
    for (const column of empty)
      refuse(
        column,
        /*i18n*/ 'An open loan needs all four loan columns: fill this one in, or empty the others.',
      );
    return undefined;
  }

  let amountFils = take('loan_amount', amountCell(cells.loan_amount));
  let termMonths = take('loan_term_months', wholeNumberCell(cells.loan_term_months));
  let disbursed = take('loan_disbursed', monthCell(cells.loan_disbursed));
  const repaidFils = take('loan_repaid', amountCell(cells.loan_repaid));
  if (amountFils !== undefined && amountFils < 100)
    amountFils = refuse('loan_amount', /*i18n*/ 'A loan is at least AED 1.');
  if (termMonths !== undefined && (termMonths < 1 || termMonths > rules.maxTermMonths))
    termMonths = refuse(
      'loan_term_months',
      sentence(/*i18n*/ 'A loan runs from 1 to {max} months.', { max: rules.maxTermMonths }),
    );
  disbursed = notAfterStart('loan_disbursed', disbursed);
  if (disbursed !== undefined && joined && disbursed < joined)
    disbursed = refuse(
      'loan_disbursed',
      /*i18n*/ 'The loan cannot be paid out before the member joined.',
    );
  if (
    amountFils === undefined ||
    termMonths === undefined ||
    disbursed === undefined ||
    repaidFils === undefined
  )
    return undefined;

  let totalFils: Fils;
  try {
    totalFils = loanFigures({
      amountFils,
      termMonths,
      interestPermille: rules.interestPermille,
    }).totalFils;
  } catch {
    return refuse('loan_amount', /*i18n*/ 'This loan is too small to repay in that many months.');
  }
  if (repaidFils > totalFils)
    return refuse(
      'loan_repaid',
      sentence(/*i18n*/ "The amount repaid is more than the loan's total of {total}.", {
        total: aed(totalFils),
      }),
    );
  if (repaidFils === totalFils)
    return refuse(
      'loan_repaid',
      /*i18n*/ 'This loan is repaid in full: a closed loan is not brought in; empty its four loan cells.',
    );
  return { amountFils, termMonths, disbursed, repaidFils };
}
