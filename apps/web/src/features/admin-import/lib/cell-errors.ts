import type { ImportColumn, ImportError, ImportLine } from '@jamiya/contracts/imports';

// Texts chosen by a value, each id written whole for Lingui's extract (decision 046).

/** The template's columns, in its order (contracts' IMPORT_COLUMNS), with their names. */
export const COLUMN_TEXTS: Record<ImportColumn, string> = {
  name: /*i18n*/ 'admin-import.columns.name',
  email: /*i18n*/ 'admin-import.columns.email',
  mobile: /*i18n*/ 'admin-import.columns.mobile',
  joined: /*i18n*/ 'admin-import.columns.joined',
  passport_or_nid: /*i18n*/ 'admin-import.columns.passport_or_nid',
  language: /*i18n*/ 'admin-import.columns.language',
  savings: /*i18n*/ 'admin-import.columns.savings',
  paid_through: /*i18n*/ 'admin-import.columns.paid_through',
  loan_amount: /*i18n*/ 'admin-import.columns.loan_amount',
  loan_term_months: /*i18n*/ 'admin-import.columns.loan_term_months',
  loan_disbursed: /*i18n*/ 'admin-import.columns.loan_disbursed',
  loan_repaid: /*i18n*/ 'admin-import.columns.loan_repaid',
};

/** The template's columns in its order. */
export const COLUMNS = Object.keys(COLUMN_TEXTS) as ImportColumn[];

export const isColumn = (column: string | null): column is ImportColumn =>
  column !== null && column in COLUMN_TEXTS;

/** A row of the file that has something to mend: its cells as read, and what is wrong. */
export interface RowToMend {
  row: number;
  /** The row as read; none for a row that is not a member's (the header, an empty file). */
  line: ImportLine | undefined;
  /** Each wrong cell's messages, by column. */
  cells: Map<ImportColumn, string[]>;
  /** What is said of the whole row (or of a column the template does not have). */
  others: string[];
}

/** The file's errors gathered by row, in the file's order. */
export function rowsToMend(errors: readonly ImportError[], lines: readonly ImportLine[]) {
  const lineOf = new Map(lines.map((l) => [l.row, l]));
  const rows = new Map<number, RowToMend>();
  for (const e of errors) {
    let entry = rows.get(e.row);
    if (!entry) {
      entry = { row: e.row, line: lineOf.get(e.row), cells: new Map(), others: [] };
      rows.set(e.row, entry);
    }
    if (isColumn(e.column))
      entry.cells.set(e.column, [...(entry.cells.get(e.column) ?? []), e.message]);
    else entry.others.push(e.column ? `${e.column}: ${e.message}` : e.message);
  }
  return [...rows.values()].sort((a, b) => a.row - b.row);
}

/** The wrong cells, by row and then column: for marking them in the table of every row. */
export function wrongCells(errors: readonly ImportError[]) {
  const byRow = new Map<number, Set<string>>();
  for (const e of errors) {
    if (e.column === null) continue;
    const columns = byRow.get(e.row) ?? new Set<string>();
    columns.add(e.column);
    byRow.set(e.row, columns);
  }
  return byRow;
}
