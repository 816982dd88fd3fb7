import { stringify } from 'csv-stringify/sync';

// A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with
// an apostrophe (OWASP "CSV injection"); numbers, negative ones too, stay numbers.
function safeCell(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  const isPlainNumber = /^-?\d+(\.\d+)?$/.test(value);
  return !isPlainNumber && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV document (RFC 4180, CRLF) with a header row. */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  return stringify([header, ...rows.map((r) => r.map(safeCell))], { record_delimiter: 'windows' });
}
