// The invitations of an import, handed over by the treasurer when they were not mailed: a CSV
// made here, in the browser.
import { saveBlob } from '../../../lib/save-file.ts';

// A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with an
// apostrophe, as the server's CSVs do (apps/server/src/lib/csv.ts); a plain number stays one.
function safeCell(value: string): string {
  const isPlainNumber = /^-?\d+(\.\d+)?$/.test(value);
  return !isPlainNumber && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// RFC 4180: a cell with a quote, a comma or a line break is quoted, its quotes doubled.
const quoted = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** A CSV document with a header row: CRLF, UTF-8 with a byte order mark, so Excel reads every script. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map((c) => quoted(safeCell(c))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves text made here as a file. */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}
