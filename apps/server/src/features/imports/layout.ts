import { IMPORT_COLUMNS, type ImportColumn } from '@jamiya/contracts/imports';
import { sentence } from '../../lib/i18n.ts';
import type { SheetRow } from './read-file.ts';
import type { RowProblem } from './row-rules.ts';

// Where a spreadsheet's columns are: the header row found among the notes, each known column
// by its name as people write it, and each data row's cells by column.

const REQUIRED: readonly ImportColumn[] = ['name', 'email', 'joined'];

/** A header's name as a column: "Paid through (YYYY-MM)" is paid_through. */
function columnOf(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .replace(/\(.*?\)/g, '')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

const isNote = (r: SheetRow) => (r.cells[0] ?? '').trimStart().startsWith('#');

export interface SheetLayout {
  headerRow: number;
  /** Each known column's place among the cells. */
  columns: Map<ImportColumn, number>;
  /** The data rows: every row after the header (notes, # …, come only before it). */
  rows: SheetRow[];
}

/** Finds the header (the first row that is not a note) and where each column is. */
export function layoutOf(rows: SheetRow[]): { layout: SheetLayout } | { problems: RowProblem[] } {
  const header = rows.find((r) => !isNote(r));
  if (!header)
    return {
      problems: [
        { row: 1, column: null, say: /*i18n*/ 'The file has no header row and no members.' },
      ],
    };
  const columns = new Map<ImportColumn, number>();
  const problems: RowProblem[] = [];
  for (const [index, cell] of header.cells.entries()) {
    const name = columnOf(cell);
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) continue;
    const column = name as ImportColumn;
    if (columns.has(column))
      problems.push({
        row: header.row,
        column,
        say: /*i18n*/ 'This column is in the header twice; keep one.',
      });
    else columns.set(column, index);
  }
  for (const column of REQUIRED)
    if (!columns.has(column))
      problems.push({
        row: header.row,
        column,
        say: sentence(
          /*i18n*/ 'The header has no column {column}: the first row names the columns, as in the template.',
          { column },
        ),
      });
  if (problems.length) return { problems };
  return {
    layout: {
      headerRow: header.row,
      columns,
      rows: rows.filter((r) => r.row > header.row),
    },
  };
}

/** A row's cells by column name, as written. */
export function cellsOf(layout: SheetLayout, row: SheetRow): Record<ImportColumn, string> {
  return Object.fromEntries(
    IMPORT_COLUMNS.map((c) => {
      const index = layout.columns.get(c);
      return [c, index === undefined ? '' : (row.cells[index] ?? '').trim()];
    }),
  ) as Record<ImportColumn, string>;
}
