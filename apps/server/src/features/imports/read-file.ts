import { parse as parseCsv, type Options as CsvOptions } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/universal';
import { formulasWithoutValue } from './xlsx-formulas.ts';

// A spreadsheet as it arrives, CSV or XLSX, read into rows of text cells numbered as the
// spreadsheet numbers them (decision 047). Runs in a pool thread (read-worker.ts): a file from
// outside is hostile, and reading it is bounded in size, rows and time.

export const MAX_DATA_ROWS = 20_000;
/** Records of a CSV, blank ones with them: a file of blank lines stops here. */
const MAX_RECORDS = 5 * MAX_DATA_ROWS;
const MAX_COLUMNS = 40;
/** A member's cell is a name, a number or a month: a longer one is no member's. */
export const MAX_CELL_CHARACTERS = 1_000;
/** The text of all cells together (an XLSX's shared string may fill every cell with one text). */
const MAX_TEXT_CHARACTERS = 20_000_000;
/** What an XLSX may unpack to in all: a 10 MB workbook of 20,000 rows unpacks to ~30 MB. */
const MAX_UNPACKED_BYTES = 80 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 500;

export type SheetFormat = 'csv' | 'xlsx';

export interface SheetRow {
  /** As the spreadsheet numbers it: the first line is 1. */
  row: number;
  cells: string[];
  /** The columns (0 for A) whose cell holds a formula with no saved value (an XLSX's). */
  formulas?: number[];
}

export interface Sheet {
  format: SheetFormat;
  rows: SheetRow[];
}

export type ReadRefusal =
  | 'not_a_spreadsheet'
  | 'old_excel'
  | 'not_unicode'
  | 'not_a_workbook'
  | 'too_large_unpacked'
  | 'cell_too_long'
  | 'too_many_rows';

export class SheetRefusedError extends Error {
  constructor(readonly reason: ReadRefusal) {
    super(reason);
  }
}

const startsWith = (bytes: Uint8Array, ...lead: number[]) => lead.every((b, i) => bytes[i] === b);

export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04))
    return { format: 'xlsx', rows: await readXlsx(bytes) };
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) throw new SheetRefusedError('old_excel');
  return { format: 'csv', rows: readCsv(decodeText(bytes)) };
}

/**
 * The text of a CSV as Excel saves it: UTF-8 with or without a byte order mark, or UTF-16
 * ("Unicode text", little- or big-endian, with its mark). Anything else (an ANSI code page)
 * would lose the names' scripts: it is refused with a way to save it right.
 */
function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    if (startsWith(bytes, 0xff, 0xfe))
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
    else if (startsWith(bytes, 0xfe, 0xff))
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
    // A NUL byte is never in a UTF-8 spreadsheet's text: this is another kind of file.
    else if (bytes.includes(0)) throw new SheetRefusedError('not_a_spreadsheet');
    else text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof SheetRefusedError) throw error;
    throw new SheetRefusedError('not_unicode');
  }
  text = text.replace(/^\uFEFF/, '');
  // A NUL is never in a spreadsheet's text: this is another kind of file.
  if (text.includes('\u0000')) throw new SheetRefusedError('not_a_spreadsheet');
  return text;
}

/** The separator of the first line that is not a note: comma, semicolon or tab. */
function separatorOf(text: string): string {
  const first =
    text.split(/\r?\n/).find((line) => line.trim() !== '' && !line.startsWith('#')) ?? '';
  const outsideQuotes = first.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((s) => [s, outsideQuotes.split(s).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

function readCsv(text: string): SheetRow[] {
  const keep = rowKeeper();
  const options: CsvOptions<SheetRow, string[]> = {
    delimiter: separatorOf(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: 64 * 1024,
    // Each record is numbered as the spreadsheet numbers it: a blank one counts, and is dropped
    // at once. Blank records are bounded too: csv-parse takes some 20 µs a record.
    on_record: (record: string[], context) => {
      if (context.records > MAX_RECORDS) throw new SheetRefusedError('too_many_rows');
      return keep(record, context.records);
    },
  };
  try {
    return parseCsv(text, options as unknown as CsvOptions) as unknown as SheetRow[];
  } catch (error) {
    if (error instanceof SheetRefusedError) throw error;
    throw new SheetRefusedError('not_a_spreadsheet');
  }
}

/**
 * Keeps the rows that hold something, with their number as the spreadsheet shows them (a blank
 * row keeps its number), bounded in rows (the exact count of members is checked once the header
 * is found), in each cell's length and in all their text: what goes back to the main thread is
 * small. Answers null for a blank row.
 */
function rowKeeper() {
  let kept = 0;
  let text = 0;
  return (record: unknown[], row: number): SheetRow | null => {
    const cells = record.slice(0, MAX_COLUMNS).map(cellText);
    if (cells.every((c) => c.trim() === '')) return null;
    for (const cell of cells) {
      if (cell.length > MAX_CELL_CHARACTERS) throw new SheetRefusedError('cell_too_long');
      text += cell.length;
    }
    if (text > MAX_TEXT_CHARACTERS) throw new SheetRefusedError('too_large_unpacked');
    // The notes and the header, then the members: anything past this many is refused anyway.
    if ((kept += 1) > MAX_DATA_ROWS + 100) throw new SheetRefusedError('too_many_rows');
    return { row, cells };
  };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'number' in value) return numberText(String(value.number));
  return String(value);
}

/**
 * A number as a workbook stores it (its shortest form as a double), with the noise of binary
 * fractions rounded off to the fils it stands for: 1070.0000000000002 is 1070.00. A real third
 * decimal (1500.505) stays, for the check to refuse.
 */
function numberText(text: string): string {
  const m = /^(-?\d+)\.(\d{2})(\d+)$/.exec(text);
  if (!m) return text;
  const rest = Number(`0.${m[3]}`);
  if (rest > 1e-6 && rest < 1 - 1e-6) return text;
  const fils = BigInt(`${m[1]}${m[2]}`) + (rest >= 0.5 ? (text.startsWith('-') ? -1n : 1n) : 0n);
  const sign = fils < 0n ? '-' : '';
  const digits = (fils < 0n ? -fils : fils).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

async function readXlsx(bytes: Uint8Array): Promise<SheetRow[]> {
  // What the workbook says its parts unpack to, read from its directory before anything is
  // unpacked: fflate then unpacks each part into a buffer of that size and no more, so a part
  // that lies about its size cannot grow past it (a zip bomb).
  let unpacked = 0;
  let entries = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        entries += 1;
        if (/\.xml(\.rels)?$/.test(file.name)) unpacked += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new SheetRefusedError('not_a_workbook');
  }
  if (entries > MAX_ZIP_ENTRIES || unpacked > MAX_UNPACKED_BYTES)
    throw new SheetRefusedError('too_large_unpacked');

  let sheets: Array<{ sheet: string; data: unknown[][] }>;
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    sheets = (await readXlsxFile(buffer as ArrayBuffer, {
      // Numbers as the workbook writes them, never through a double's arithmetic.
      parseNumber: (text: string) => ({ number: text }),
    })) as unknown as Array<{ sheet: string; data: unknown[][] }>;
  } catch {
    throw new SheetRefusedError('not_a_workbook');
  }
  // The members' sheet: the first whose rows name an email column; the template's second
  // sheet explains the columns.
  const members =
    sheets.find((s) =>
      s.data
        .slice(0, 50)
        .some((r) => r.some((c) => typeof c === 'string' && /^\s*e-?mail\s*$/i.test(c))),
    ) ?? sheets[0];
  if (!members) throw new SheetRefusedError('not_a_workbook');
  const keep = rowKeeper();
  const formulas = formulasWithoutValue(bytes, members.sheet);
  return members.data.flatMap((record, index) => {
    const row = keep(record, index + 1);
    const unsaved = formulas.get(index + 1);
    return row ? [unsaved ? { ...row, formulas: unsaved } : row] : [];
  });
}
