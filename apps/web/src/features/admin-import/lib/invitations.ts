// The invitations of an import, handed over by the treasurer when they were not mailed: a
// WhatsApp link and a CSV made here, in the browser (the links are shown once).
import { saveBlob } from '../../../lib/save-file.ts';

/**
 * The number as wa.me wants it, digits with the country code: "+971 50 123 4567" and
 * "00971501234567" give 971501234567; a number written the UAE's own way, "050 123 4567",
 * is a UAE number (the template gives both ways as examples). Null when
 * there is no number to write to.
 */
export function whatsAppNumber(mobile: string | null): string | null {
  if (!mobile) return null;
  const digits = mobile.replace(/\D/g, '');
  const international = mobile.trim().startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : digits.startsWith('0')
        ? `971${digits.slice(1)}`
        : digits;
  return international.length >= 8 ? international : null;
}

/** A link that opens WhatsApp on a chat with `mobile`, the message written; null without a number. */
export function whatsAppLink(mobile: string | null, message: string): string | null {
  const number = whatsAppNumber(mobile);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}

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
