import { CsvError, parse as parseCsv, type Options as CsvOptions } from 'csv-parse/sync';
import type { Problems } from './read-types.ts';
import { MAX_LINES, sentence, TOO_MANY_LINES } from './read-values.ts';

// A CSV's rows and where its header is, under the lines some banks put above it (their name,
// the account, the period): for reading a statement (read-csv.ts) and for choosing its columns.

export interface CsvRow {
  /** As a spreadsheet numbers it: the first line is 1, a blank one counts. */
  row: number;
  cells: string[];
}

/** Records read, blank ones with them: a file of blank lines stops here. */
const MAX_RECORDS = 2 * MAX_LINES;
/** The lines a bank puts above the header are a few: the header is among the first rows. */
const HEADER_WITHIN = 20;
const MAX_RECORD_BYTES = 64 * 1024;

const NO_HEADER =
  /*i18n*/ 'The file has no header row naming its columns: export the statement again with its column names.';

class TooManyRecords extends Error {}

/**
 * The separator of a CSV: of comma, semicolon and tab, the one found as many times on the most
 * of its first lines. Counting them all would take a decimal comma for one.
 */
function separatorOf(text: string): string {
  const lines = text
    .split(/\r?\n/, 2 * HEADER_WITHIN)
    .filter((line) => line.trim() !== '')
    .map((line) => line.replace(/"[^"]*"/g, ''));
  const score = (separator: string) => {
    const counts = lines.map((line) => line.split(separator).length - 1).filter((n) => n > 0);
    const often = new Map<number, number>();
    for (const n of counts) often.set(n, (often.get(n) ?? 0) + 1);
    return Math.max(0, ...often.values());
  };
  return [',', ';', '\t'].reduce((best, s) => (score(s) > score(best) ? s : best));
}

/** A CSV's rows that hold something, as the spreadsheet numbers them; `head`: the first only. */
export function csvRecords(text: string, problems: Problems, head = false): CsvRow[] {
  const options: CsvOptions<CsvRow, string[]> = {
    delimiter: separatorOf(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_BYTES,
    ...(head ? { to: 10 * HEADER_WITHIN } : {}),
    on_record: (record: string[], context) => {
      if (context.records > MAX_RECORDS) throw new TooManyRecords();
      if (record.every((cell) => cell.trim() === '')) return null;
      return { row: context.records, cells: record };
    },
  };
  try {
    return parseCsv(text, options as unknown as CsvOptions) as unknown as CsvRow[];
  } catch (error) {
    if (error instanceof TooManyRecords) problems.add(null, null, TOO_MANY_LINES(MAX_LINES));
    else if (error instanceof CsvError)
      problems.add(
        typeof error.lines === 'number' ? error.lines : null,
        null,
        sentence(
          /*i18n*/ 'The CSV file cannot be read from line {line} on: check that its quotes are closed, and that no line is very long.',
          { line: typeof error.lines === 'number' ? error.lines : '?' },
        ),
      );
    else throw error;
    return [];
  }
}

/** Where the header is: of the first rows, the first that names the most columns. */
export function headerAt(rows: CsvRow[], problems: Problems): number {
  let at = -1;
  let most = 1;
  rows.slice(0, HEADER_WITHIN).forEach((row, index) => {
    const named = row.cells.filter((cell) => cell.trim() !== '').length;
    if (named > most) [at, most] = [index, named];
  });
  if (at < 0) problems.add(null, null, NO_HEADER);
  return at;
}
