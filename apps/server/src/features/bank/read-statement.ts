import type { Say } from '../../lib/i18n.ts';
import { csvRecords, headerAt } from './read-csv-rows.ts';
import { formatOfHead, READERS } from './read-formats.ts';
import {
  StatementRefusedError,
  type BankFormat,
  type CsvColumns,
  type CsvMapping,
  type Statement,
} from './read-types.ts';
import { dateOrderShownBy, MAX_CELL_CHARACTERS, problemList } from './read-values.ts';

// A bank statement as the treasurer downloads it, in any format of read-formats.ts (a CSV of any
// bank, its columns chosen once; an ISO 20022 camt.053; a SWIFT MT940), read into plain lines:
// amounts in fils, days, the bank's words and references. A file from outside is hostile: this
// runs in a pool thread (read-pool.ts), bounded in lines, cells and time, and whatever is wrong
// with it comes back as sentences, row by row, never as a crash.

const NOT_A_STATEMENT =
  /*i18n*/ 'The file is not a bank statement Jamiya can read: send a CSV, a camt.053 or an MT940 file.';
const NOT_UNICODE =
  /*i18n*/ 'This file is not saved as Unicode, so its Arabic would be lost: export it again as CSV UTF-8 and send it.';
const WORKBOOK =
  /*i18n*/ 'This is an Excel workbook: save it as CSV UTF-8, or export the statement from the bank as CSV, and send it again.';
const XML_DECLARATIONS =
  /*i18n*/ 'This file declares a DOCTYPE or entities, which no camt.053 statement needs, so it is not read: send the file as the bank exported it.';
const NOT_A_CSV = /*i18n*/ 'Only a CSV file has columns to choose, and this file is not one.';
const NO_LINES =
  /*i18n*/ 'This statement has no booked lines: export a period with payments in it and send it again.';

const refuse = (message: Say): never => {
  throw new StatementRefusedError([{ row: null, column: null, message }]);
};

const startsWith = (bytes: Uint8Array, ...lead: number[]) => lead.every((b, i) => bytes[i] === b);

/** What detecting a format reads of a file: its start. */
const HEAD_BYTES = 64 * 1024;

/**
 * The text of a file (`head`: of its start): UTF-8 with or without its byte order mark, or
 * UTF-16 with its mark (Excel's "Unicode text"). A workbook, a picture or a PDF is refused; text
 * in a code page (Windows-1256) too, as its Arabic cannot be told from noise.
 */
function decode(bytes: Uint8Array, head = false): string {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0))
    refuse(WORKBOOK);
  const part = head ? bytes.subarray(0, HEAD_BYTES) : bytes;
  let encoding = 'utf-8';
  if (startsWith(bytes, 0xff, 0xfe)) encoding = 'utf-16le';
  else if (startsWith(bytes, 0xfe, 0xff)) encoding = 'utf-16be';
  else if (part.includes(0) || startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) refuse(NOT_A_STATEMENT);
  let text = '';
  try {
    // Streaming, a character cut at the end of the start is left for a next part.
    text = new TextDecoder(encoding, { fatal: true }).decode(part, { stream: head });
  } catch {
    refuse(NOT_UNICODE);
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) refuse(NOT_A_STATEMENT);
  return text;
}

/** The format of a file, from its start. */
const formatOf = (text: string) => formatOfHead(text.slice(0, HEAD_BYTES));

/** Which format a file is, or null when it is none. */
export function detectFormat(bytes: Uint8Array): BankFormat | null {
  try {
    return formatOf(decode(bytes, true));
  } catch (error) {
    if (error instanceof StatementRefusedError) return null;
    throw error;
  }
}

/** A CSV's header and the first rows under it, for the treasurer to choose its columns. */
export function readCsvColumns(bytes: Uint8Array): CsvColumns {
  const text = decode(bytes);
  if (formatOf(text) !== 'csv') refuse(NOT_A_CSV);
  const problems = problemList();
  const rows = csvRecords(text, problems, true);
  const header = problems.list.length ? -1 : headerAt(rows, problems);
  if (header < 0) throw new StatementRefusedError(problems.list);
  const cell = (value: string) => value.trim().slice(0, MAX_CELL_CHARACTERS);
  const columns = rows[header]!.cells.map(cell);
  const data = rows.slice(header + 1);
  // The sample may not show it (05/01 to 12/01): the whole file often does (27/01).
  const dateOrders = columns.flatMap((name, at) => {
    const order = dateOrderShownBy(data.map((row) => row.cells[at] ?? ''));
    return order ? [[name, order] as const] : [];
  });
  return {
    columns,
    sample: data.slice(0, 5).map((row) => row.cells.map(cell)),
    date_orders: Object.fromEntries(dateOrders),
  };
}

/** A statement read whole, or refused with every problem found (at most 50). */
export function readStatement(bytes: Uint8Array, mapping?: CsvMapping): Statement {
  const text = decode(bytes);
  // Entities are refused before any parser sees them: no external entity, no expansion.
  if (/^\s*</.test(text) && /<!(?:DOCTYPE|ENTITY)/i.test(text)) refuse(XML_DECLARATIONS);
  const format = formatOf(text) ?? refuse(NOT_A_STATEMENT);
  const problems = problemList();
  const read = READERS[format].read(text, problems, mapping);
  if (!problems.list.length && !read.lines.length) problems.add(null, null, NO_LINES);
  if (problems.list.length) throw new StatementRefusedError(problems.list);
  const days = read.lines.map((line) => line.bookedOn).sort();
  return { format, from: days[0]!, to: days.at(-1)!, ...read };
}
