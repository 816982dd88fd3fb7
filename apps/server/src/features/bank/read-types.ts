import type {
  BankFormat,
  CsvColumns as CsvColumnsAnswer,
  CsvMapping,
} from '@jamiya/contracts/bank';
import type { Say } from '../../lib/i18n.ts';

// What a bank statement is read into (read-statement.ts), and what a format's reader is
// (read-formats.ts). The formats and a CSV's column choices are the contracts' own.

export type { BankFormat, CsvMapping };

export interface StatementLine {
  /** Where it is in the file, for messages: a CSV's row (the first is 1), a camt entry's or an MT940 line's number. */
  row: number;
  /** YYYY-MM-DD */
  bookedOn: string;
  /** Money in above 0, money out below; never 0. */
  amountFils: number;
  /** Reference and description, whitespace collapsed, at most 500 characters. */
  text: string;
  /** The bank's own reference of the entry, when the format has one (not a CSV). */
  bankRef: string | null;
  /** The balance after this line, when the file gives it. */
  balanceFils: number | null;
}

export interface Statement {
  format: BankFormat;
  /** The earliest and the latest booking day (YYYY-MM-DD). */
  from: string;
  to: string;
  openingBalanceFils: number | null;
  closingBalanceFils: number | null;
  /** In the file's order. */
  lines: StatementLine[];
}

/** What a format's reader makes of a file: the statement but for its format and days. */
export type ReadLines = Pick<Statement, 'lines' | 'openingBalanceFils' | 'closingBalanceFils'>;

export interface Problem {
  row: number | null;
  column: string | null;
  message: Say;
}

/** What is wrong with a file, in its order: reading stops once 50 are said (read-values.ts). */
export interface Problems {
  list: Problem[];
  add(row: number | null, column: string | null, message: Say): void;
  readonly full: boolean;
}

export class StatementRefusedError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`The statement was refused: ${problems.length} problem(s)`);
  }
}

/** A CSV's header and first rows, for the treasurer to choose its columns (the bank's remembered choices are added by the route). */
export type CsvColumns = Omit<CsvColumnsAnswer, 'remembered'>;

/** A statement format: how a file is known to be one, and how it is read. */
export interface StatementReader {
  /** Whether a file's start (its first 64 KB, as text) is of this format. */
  detect(head: string): boolean;
  /** The file's lines; what is wrong, in `problems`. Only a CSV needs the column choices. */
  read(text: string, problems: Problems, mapping: CsvMapping | undefined): ReadLines;
}
