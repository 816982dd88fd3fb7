import type { Fils } from '@jamiya/money/fils';
import type { Say } from '../../lib/i18n.ts';
import type {
  CsvMapping,
  Problems,
  ReadLines,
  StatementLine,
  StatementReader,
} from './read-types.ts';
import { csvRecords, headerAt, type CsvRow } from './read-csv-rows.ts';
import {
  lineText,
  MAX_CELL_CHARACTERS,
  MAX_LINES,
  OTHER_CURRENCY,
  readAmount,
  dateOrderShownBy,
  readDay,
  sentence,
  shown,
  TOO_MANY_LINES,
  ZERO_AMOUNT,
  type Value,
} from './read-values.ts';

// A bank's CSV export, whatever its bank: its rows and header (read-csv-rows.ts), then each row
// read through the columns the treasurer chose for that bank (CsvMapping).

const NO_AMOUNT_COLUMN =
  /*i18n*/ 'Choose the column that holds the amount, or both the credit and the debit columns.';
const TWO_WAYS_OF_AMOUNT =
  /*i18n*/ 'Choose either one amount column or the credit and debit columns, not both.';
const NO_DATE_COLUMN = /*i18n*/ 'Choose the column that holds the booking date.';
const NO_DATE =
  /*i18n*/ 'This line has an amount but no date: check that the right column is chosen for the dates.';
const CREDIT_AND_DEBIT =
  /*i18n*/ 'This line has both a credit and a debit, where a line is one or the other: check the credit and debit columns.';

type Field = keyof Omit<CsvMapping, 'date_order' | 'decimal'>;
const FIELDS: Field[] = [
  'date',
  'amount',
  'credit',
  'debit',
  'reference',
  'description',
  'balance',
  'currency',
];

/** Where each chosen column is in the header; each one missing or named twice is a problem. */
function columnsOf(header: CsvRow, mapping: CsvMapping, problems: Problems) {
  if (!mapping.date) problems.add(null, null, NO_DATE_COLUMN);
  if (mapping.amount && (mapping.credit || mapping.debit))
    problems.add(null, null, TWO_WAYS_OF_AMOUNT);
  else if (!mapping.amount && !(mapping.credit && mapping.debit))
    problems.add(null, null, NO_AMOUNT_COLUMN);
  const names = header.cells.map((cell) => cell.trim());
  const at: Partial<Record<Field, number>> = {};
  for (const field of FIELDS) {
    const name = mapping[field]?.trim();
    if (!name) continue;
    const index = names.indexOf(name);
    const column = shown(name);
    if (index < 0)
      problems.add(
        header.row,
        name,
        sentence(
          /*i18n*/ 'The file has no column {column}: choose one of the columns of its header.',
          { column },
        ),
      );
    else if (names.lastIndexOf(name) !== index)
      problems.add(
        header.row,
        name,
        sentence(
          /*i18n*/ 'The header has two columns named {column}: rename one of them in the file, or choose another column.',
          { column },
        ),
      );
    else at[field] = index;
  }
  return at;
}

/** What a date that cannot be read is told, by why. */
function dayRefusal(why: 'order' | 'unreal' | 'unreadable', date: string): Say {
  const value = shown(date);
  if (why === 'order')
    return sentence(
      /*i18n*/ 'The dates are written like {value}: say whether the day or the month comes first.',
      { value },
    );
  if (why === 'unreal')
    return sentence(
      /*i18n*/ 'There is no such day as {value}: check which comes first in the dates, the day or the month.',
      { value },
    );
  return sentence(/*i18n*/ 'The date {value} cannot be read: check that this is the date column.', {
    value,
  });
}

/** The lines of a CSV statement through its mapping; what is wrong, in `problems`. */
export function readCsv(text: string, mapping: CsvMapping, problems: Problems): ReadLines {
  const none: ReadLines = { lines: [], openingBalanceFils: null, closingBalanceFils: null };
  const rows = csvRecords(text, problems);
  const headerIndex = problems.list.length ? -1 : headerAt(rows, problems);
  if (headerIndex < 0) return none;
  const header = rows[headerIndex]!;
  const at = columnsOf(header, mapping, problems);
  const data = rows.slice(headerIndex + 1);
  if (data.length > MAX_LINES) problems.add(null, null, TOO_MANY_LINES(MAX_LINES));
  if (problems.list.length) return none;

  const decimal = mapping.decimal ?? '.';
  // Not said: the file's own dates may prove it (a day after the 12th), and then it is not asked.
  const dateOrder =
    mapping.date_order ??
    (at.date === undefined
      ? undefined
      : dateOrderShownBy(data.map(({ cells }) => cells[at.date!] ?? '')));
  const lines: StatementLine[] = [];
  let askedOrder = false;
  let toldCurrency = false;
  for (const { row, cells } of data) {
    if (problems.full) break;
    const cell = (field: Field) => {
      const index = at[field];
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const say = (field: Field, message: Say) => problems.add(row, mapping[field] ?? null, message);
    const take = <T>(field: Field, value: Value<T>): T | undefined => {
      if (!value.ok) say(field, value.say);
      return value.ok ? value.value : undefined;
    };
    const amountOf = (field: Field) =>
      cell(field) === '' ? 0 : take(field, readAmount(cell(field), decimal));

    const long = cells.findIndex((c) => c.length > MAX_CELL_CHARACTERS);
    if (long >= 0) {
      problems.add(
        row,
        header.cells[long]?.trim() || null,
        sentence(
          /*i18n*/ 'A cell holds more than {max} characters, which no line of a bank statement does: check that this is the statement as the bank exported it.',
          { max: MAX_CELL_CHARACTERS },
        ),
      );
      continue;
    }
    // A row of the bank's own words (a note, a page's footer) has no date and no amount.
    if (cell('date') === '' && !(['amount', 'credit', 'debit'] as const).some((f) => cell(f)))
      continue;

    const before = problems.list.length;
    const day = cell('date') === '' ? undefined : readDay(cell('date'), dateOrder);
    if (!day) say('date', NO_DATE);
    // Asked once: the answer is the same for every date of the file.
    else if (!day.ok && (day.why !== 'order' || !askedOrder))
      say('date', dayRefusal(day.why, cell('date')));
    askedOrder ||= day?.ok === false && day.why === 'order';

    let amountFils: Fils | undefined;
    if (at.amount !== undefined) amountFils = amountOf('amount');
    else {
      const credit = amountOf('credit');
      const debit = amountOf('debit');
      if (credit !== undefined && debit !== undefined && credit !== 0 && debit !== 0)
        say('credit', CREDIT_AND_DEBIT);
      else if (credit !== undefined && debit !== undefined)
        amountFils = credit !== 0 ? credit : -Math.abs(debit);
    }
    if (amountFils === 0) say(at.amount !== undefined ? 'amount' : 'credit', ZERO_AMOUNT);

    const balanceFils =
      cell('balance') === '' ? null : take('balance', readAmount(cell('balance'), decimal));
    const currency = cell('currency');
    if (currency !== '' && !/^(?:AED|د\.إ\.?)$/i.test(currency) && !toldCurrency) {
      say('currency', OTHER_CURRENCY(currency));
      toldCurrency = true;
    }

    if (problems.list.length > before || !day?.ok || !amountFils || balanceFils === undefined)
      continue;
    lines.push({
      row,
      bookedOn: day.value,
      amountFils,
      text: lineText([cell('reference'), cell('description')]),
      bankRef: null,
      balanceFils,
    });
  }
  if (!lines.length) return none;

  // Many banks list the newest line first: the opening balance is the one before the oldest.
  const first = lines[0]!;
  const last = lines.at(-1)!;
  const [oldest, newest] = first.bookedOn > last.bookedOn ? [last, first] : [first, last];
  return {
    lines,
    openingBalanceFils: oldest.balanceFils === null ? null : oldest.balanceFils - oldest.amountFils,
    closingBalanceFils: newest.balanceFils,
  };
}

const NO_MAPPING =
  /*i18n*/ 'Choose which columns of this CSV hold the date and the amount, then send it again.';

/** Text of two lines or more, some with a comma, a semicolon or a tab (an XML file is not one). */
export const csv: StatementReader = {
  detect(head) {
    if (/^\s*</.test(head)) return false;
    const lines = head.split(/\r?\n/, 50).filter((line) => line.trim() !== '');
    return lines.length >= 2 && lines.some((line) => /[,;\t]/.test(line));
  },
  read(text, problems, mapping) {
    if (mapping) return readCsv(text, mapping, problems);
    problems.add(null, null, NO_MAPPING);
    return { lines: [], openingBalanceFils: null, closingBalanceFils: null };
  },
};
