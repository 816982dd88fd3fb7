import { monthsFromTo } from '@jamiya/money/dates';
import type { Fils } from '@jamiya/money/fils';
import type { ImportFiguresFils } from '../../db/schema/imports.ts';
import { loanAtCutOver } from '../loans/public.ts';
import type { MemberRow } from './rows.ts';

// What the books open with, from the rows of a file: the totals of the opening entry
// (docs/domain/import.md).

/** What the members of a file bring to the books, and the opening equity that balances them. */
export function openingFigures(
  rows: readonly MemberRow[],
  openingCashFils: Fils,
  interestPermille: number,
  dataRows: number,
): ImportFiguresFils {
  let savingsFils = 0;
  let monthsPaid = 0;
  let loans = 0;
  let loansOutstandingFils = 0;
  let loansOwedFils = 0;
  for (const row of rows) {
    savingsFils += row.savingsFils;
    if (row.paidThrough) monthsPaid += monthsFromTo(row.joined, row.paidThrough);
    if (row.loan) {
      const at = loanAtCutOver(row.loan, interestPermille);
      loans += 1;
      loansOutstandingFils += at.principalOutstandingFils;
      loansOwedFils += at.owedFils;
    }
  }
  return {
    rows: dataRows,
    members: rows.length,
    savingsFils,
    monthsPaid,
    loans,
    loansOutstandingFils,
    loansOwedFils,
    // Cash and loans on one side; savings and the association's own on the other.
    openingEquityFils: openingCashFils + loansOutstandingFils - savingsFils,
  };
}
