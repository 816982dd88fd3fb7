// The rules a row is checked against, and how a check refuses a cell beside its column.
import type { ImportColumn } from '@jamiya/contracts/imports';
import { sentence, type Say } from '../../lib/i18n.ts';
import type { Cell } from './cells.ts';

export interface RowProblem {
  row: number;
  column: ImportColumn | null;
  say: Say;
}

export interface ImportRules {
  /** The cut-over month (YYYY-MM): nothing may have happened after it. */
  asOfPeriod: string;
  interestPermille: number;
  /** The longest term the loan policy allows. */
  maxTermMonths: number;
}

/** What a row's checks say of its cells: each refusal beside its column, in `problems`. */
export function cellsSaid(row: number, problems: RowProblem[], rules: ImportRules) {
  const refuse = (column: ImportColumn | null, say: Say): undefined => {
    problems.push({ row, column, say });
    return undefined;
  };
  return {
    refuse,
    /** A cell's value, or undefined once its refusal is said. */
    take: <T>(column: ImportColumn, cell: Cell<T>): T | undefined =>
      cell.ok ? cell.value : refuse(column, cell.say),
    /** A month that may not be after the books start. */
    notAfterStart: (column: ImportColumn, month: string | undefined): string | undefined =>
      month && month > rules.asOfPeriod
        ? refuse(
            column,
            sentence(/*i18n*/ 'This month is after {month}, when the books start.', {
              month: { month: rules.asOfPeriod },
            }),
          )
        : month,
  };
}

/** A row's checks: refuse a cell, take a cell's value, keep a month within the books. */
export type RowChecks = ReturnType<typeof cellsSaid>;
