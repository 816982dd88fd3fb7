// A spreadsheet's row checked: the member it describes, and the same email on two rows.
import type { z } from 'zod';
import type { Fils } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { ImportColumn } from '@jamiya/contracts/imports';
import { emailAddress, mobileNumber, nationalId, personName } from '@jamiya/contracts/membership';
import { addMonthsToPeriod } from '../../lib/calendar.ts';
import { sentence } from '../../lib/i18n.ts';
import { amountCell, languageCell, mobileText, monthCell, type Cell } from './cells.ts';
import { checkLoan, LOAN_COLUMNS, type ImportLoan } from './row-loan.ts';
import { cellsSaid, type ImportRules, type RowProblem } from './row-rules.ts';
import { TEMPLATE_EXAMPLE } from './template.ts';

// A spreadsheet's rows checked one by one against the rules of a member, their dues and their
// loan (docs/domain/import.md); every cell that breaks one is named with the sentence that
// says how to mend it. What needs the database (an email already a member's) is checked apart.

/** A member as a row of the file describes them. */
export interface MemberRow {
  row: number;
  name: string;
  email: string;
  mobile: string | null;
  /** The month the member joined (YYYY-MM): dues are owed from it on. */
  joined: string;
  nationalId: string | null;
  language: Language;
  savingsFils: Fils;
  /** The last month whose due is paid (YYYY-MM), or null when none is. */
  paidThrough: string | null;
  loan: ImportLoan | null;
}

/** How far ahead a month may be marked paid, as a member may pay ahead (decision 040). */
const MONTHS_AHEAD = 12;
/** How far back a member may have joined: an association's history, not a typing slip. */
const YEARS_BACK = 40;

/** The first sentence a shared schema says of a value it refuses. */
function schemaCell<T>(schema: z.ZodType<T>, value: string): Cell<T> {
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, say: result.error.issues[0]?.message ?? /*i18n*/ 'This value is not valid.' };
}

/**
 * One row read and checked: the member it describes, or what is wrong with it, cell by cell.
 */
export function checkRow(
  row: number,
  cells: Record<ImportColumn, string>,
  rules: ImportRules,
): { member: MemberRow | null; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const said = cellsSaid(row, problems, rules);
  const { refuse, take, notAfterStart } = said;
  const optional = <T>(
    column: ImportColumn,
    read: (text: string) => Cell<T>,
  ): T | null | undefined => (cells[column] === '' ? null : take(column, read(cells[column])));

  if (cells.name === TEMPLATE_EXAMPLE.name && cells.email === TEMPLATE_EXAMPLE.email)
    return {
      member: null,
      problems: [
        { row, column: null, say: /*i18n*/ "This is the template's example: delete this row." },
      ],
    };
  // The example typed over but for a cell or a loan left as it was: not the member's own.
  for (const column of exampleLeftIn(cells))
    refuse(
      column,
      /*i18n*/ "This is still the template's example: type the member's own, or empty the cell.",
    );

  const name = take('name', schemaCell(personName, cells.name));
  const email = take('email', schemaCell(emailAddress, cells.email));
  const mobile = optional('mobile', (t) => schemaCell(mobileNumber, mobileText(t)));
  const nationalIdValue = optional('passport_or_nid', (t) => schemaCell(nationalId, t));
  const language = take('language', languageCell(cells.language));
  const savingsFils = cells.savings === '' ? 0 : take('savings', amountCell(cells.savings));

  let joined =
    cells.joined === ''
      ? refuse('joined', /*i18n*/ 'Enter the month the member joined, like 2024-03.')
      : notAfterStart('joined', take('joined', monthCell(cells.joined)));
  if (joined && joined < addMonthsToPeriod(rules.asOfPeriod, -12 * YEARS_BACK))
    joined = refuse(
      'joined',
      sentence(
        /*i18n*/ 'A member joined at most {years} years before the books start: check the year.',
        { years: YEARS_BACK },
      ),
    );

  let paidThrough: string | null | undefined = optional('paid_through', monthCell);
  const latestPaid = addMonthsToPeriod(rules.asOfPeriod, MONTHS_AHEAD);
  if (paidThrough && paidThrough > latestPaid)
    paidThrough = refuse(
      'paid_through',
      sentence(/*i18n*/ 'A member may pay up to 12 months ahead: mark at most {month} as paid.', {
        month: { month: latestPaid },
      }),
    );
  else if (paidThrough && joined && paidThrough < addMonthsToPeriod(joined, -1))
    paidThrough = refuse(
      'paid_through',
      sentence(
        /*i18n*/ 'The last month paid is before the member joined ({month}); leave it empty when nothing is paid.',
        { month: { month: joined } },
      ),
    );
  // The month before joining means nothing is paid, as an empty cell does.
  if (paidThrough && joined && paidThrough < joined) paidThrough = null;

  const loan = checkLoan(cells, rules, joined, said);

  if (
    problems.length ||
    name === undefined ||
    email === undefined ||
    mobile === undefined ||
    nationalIdValue === undefined ||
    language === undefined ||
    savingsFils === undefined ||
    joined === undefined ||
    paidThrough === undefined ||
    loan === undefined
  )
    return { member: null, problems };
  return {
    member: {
      row,
      name,
      email,
      mobile,
      joined,
      nationalId: nationalIdValue,
      language,
      savingsFils,
      paidThrough,
      loan,
    },
    problems,
  };
}

/** The cells of a row that still hold the template's example: its personal cells, its loan. */
function exampleLeftIn(cells: Record<ImportColumn, string>): ImportColumn[] {
  const personal = (['name', 'email', 'passport_or_nid'] as const).filter(
    (c) => cells[c] === TEMPLATE_EXAMPLE[c],
  );
  const loanLeft = LOAN_COLUMNS.every((c) => cells[c] === TEMPLATE_EXAMPLE[c]);
  return loanLeft ? [...personal, 'loan_amount'] : personal;
}

/** A row's email when it is one: what the checks across rows (and the app's members) compare. */
export function emailOf(cells: Record<ImportColumn, string>): string | null {
  const result = emailAddress.safeParse(cells.email);
  return result.success ? result.data.toLowerCase() : null;
}

/** The same email on two rows of the file: each later row is named. */
export function duplicateEmails(rows: ReadonlyArray<{ row: number; email: string }>): RowProblem[] {
  const first = new Map<string, number>();
  const problems: RowProblem[] = [];
  for (const { row, email } of rows) {
    const earlier = first.get(email);
    if (earlier === undefined) first.set(email, row);
    else
      problems.push({
        row,
        column: 'email',
        say: sentence(/*i18n*/ 'This email is also on row {row}; each member needs their own.', {
          row: earlier,
        }),
      });
  }
  return problems;
}
