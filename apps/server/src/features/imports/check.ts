import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { MAX_AED_FILS, type Fils } from '@jamiya/money/fils';
import type { ImportLine } from '@jamiya/contracts/imports';
import type { DbOrTx } from '../../db/client.ts';
import type { ImportFiguresFils } from '../../db/schema/imports.ts';
import { users } from '../../db/schema/users.ts';
import { inBatches, letOthersIn } from '../../lib/batches.ts';
import { periodOf } from '../../lib/calendar.ts';
import { unprocessable } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { getSettings } from '../settings/public.ts';
import { openingFigures } from './opening.ts';
import { MAX_CELL_CHARACTERS, MAX_DATA_ROWS, type SheetFormat } from './read-file.ts';
import { readInPool } from './read-pool.ts';
import { cellsOf, layoutOf } from './layout.ts';
import { checkRow, duplicateEmails, emailOf, type MemberRow } from './rows.ts';
import type { RowProblem } from './row-rules.ts';

// A file checked from end to end, changing nothing: what the dry run shows, and what an apply
// carries out when nothing is wrong (docs/domain/import.md).

export interface ImportPlan {
  file: { name: string; format: SheetFormat; sha256: string; bytes: Buffer };
  asOf: string;
  openingCashFils: Fils;
  /** Every data row as read. */
  lines: ImportLine[];
  /** The rows that are members, each checked; all of them when `problems` is empty. */
  members: MemberRow[];
  problems: RowProblem[];
  figures: ImportFiguresFils;
}

const FORMULA_WITHOUT_VALUE =
  /*i18n*/ 'This cell holds a formula with no saved value: open the file in Excel and save it, or type the number.';

const REFUSALS = {
  not_a_spreadsheet:
    /*i18n*/ 'This file is not a spreadsheet: send the template filled in, as CSV or XLSX.',
  old_excel:
    /*i18n*/ 'This is an old Excel file (.xls): save it as an Excel workbook (.xlsx) or as CSV UTF-8, and send it again.',
  not_unicode:
    /*i18n*/ 'This CSV is not saved as Unicode, so names in Arabic or Malayalam would be lost: save it as CSV UTF-8 and send it again.',
  not_a_workbook:
    /*i18n*/ 'This file is not an Excel workbook that can be read: save it as .xlsx or as CSV UTF-8, and send it again.',
  too_large_unpacked:
    /*i18n*/ 'This workbook is far larger inside than a list of members would be: save the members alone, as .xlsx or CSV.',
  too_many_rows: sentence(/*i18n*/ 'A file may hold at most {max} members.', {
    max: MAX_DATA_ROWS,
  }),
  cell_too_long: sentence(
    /*i18n*/ "A cell holds more than {max} characters, which no member's name, number or month does: save the members alone and send it again.",
    { max: MAX_CELL_CHARACTERS },
  ),
  too_much_work:
    /*i18n*/ 'This file took too long to read: save the members alone, as .xlsx or CSV, and send it again.',
} as const;

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The members already in the app among these emails: their member ID by lowercase email. */
async function knownEmails(db: DbOrTx, emails: string[]): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  for (const batch of inBatches(emails)) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})`, uniqueId: users.uniqueId })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, batch));
    for (const r of rows) known.set(r.email, r.uniqueId);
  }
  return known;
}

/** What one import may write: the months a transaction makes in seconds, not minutes. */
const MAX_MONTHS_PAID = 1_000_000;

/**
 * A file the books cannot take whole: totals past the largest amount the app keeps (each
 * cell is below it, not their sum), or more months than one import writes.
 */
function beyondTheBooks(figures: ImportFiguresFils, openingCashFils: Fils, headerRow: number) {
  const problems: RowProblem[] = [];
  const totals = [
    figures.savingsFils,
    figures.loansOwedFils,
    openingCashFils + figures.loansOutstandingFils,
    Math.abs(figures.openingEquityFils),
  ];
  if (totals.some((fils) => fils > MAX_AED_FILS))
    problems.push({
      row: headerRow,
      column: null,
      say: sentence(
        /*i18n*/ 'The savings, loans and bank balance of this file add up to more than {max}, the most the app keeps.',
        { max: aed(MAX_AED_FILS) },
      ),
    });
  if (figures.monthsPaid > MAX_MONTHS_PAID)
    problems.push({
      row: headerRow,
      column: null,
      say: sentence(
        /*i18n*/ 'This file marks {count} months paid; one import marks at most {max}: bring the members in over several files.',
        { count: figures.monthsPaid, max: MAX_MONTHS_PAID },
      ),
    });
  return problems;
}

/**
 * Reads a file and checks every row, against each other and against the members already in
 * the app. A file that cannot be read at all is refused (422); a file whose rows are wrong is
 * answered with each wrong cell.
 */
export async function checkImport(
  db: DbOrTx,
  input: { bytes: Buffer; fileName: string; asOf: string; openingCashFils: Fils },
): Promise<ImportPlan> {
  const read = await readInPool(new Uint8Array(input.bytes));
  if (!read.ok) throw unprocessable(REFUSALS[read.reason], { file: [REFUSALS[read.reason]] });
  const settings = await getSettings(db);
  const rules = {
    asOfPeriod: periodOf(input.asOf),
    interestPermille: settings.interestPermille,
    maxTermMonths: Math.max(settings.loanMaxCustomTerm, ...settings.loanTerms),
  };
  const file = {
    name: input.fileName,
    format: read.sheet.format,
    sha256: sha256Of(input.bytes),
    bytes: input.bytes,
  };
  const found = layoutOf(read.sheet.rows);
  if ('problems' in found) {
    return {
      file,
      asOf: input.asOf,
      openingCashFils: input.openingCashFils,
      lines: [],
      members: [],
      problems: found.problems,
      figures: openingFigures([], input.openingCashFils, rules.interestPermille, 0),
    };
  }
  const { layout } = found;
  if (layout.rows.length > MAX_DATA_ROWS)
    throw unprocessable(REFUSALS.too_many_rows, { file: [REFUSALS.too_many_rows] });
  const lines: ImportLine[] = [];
  const members: MemberRow[] = [];
  const problems: RowProblem[] = [];
  const emails: Array<{ row: number; email: string }> = [];
  const columnAt = new Map([...layout.columns].map(([column, index]) => [index, column]));
  for (const [i, row] of layout.rows.entries()) {
    // 20,000 rows with every cell wrong took a second here: others are answered meanwhile.
    if (i % 500 === 499) await letOthersIn();
    const cells = cellsOf(layout, row);
    lines.push({ row: row.row, cells });
    const checked = checkRow(row.row, cells, rules);
    // A formula with no saved value reads as empty: said as what it is, at its cell, and the
    // row is not imported.
    const unsaved = (row.formulas ?? []).flatMap((i) => columnAt.get(i) ?? []);
    problems.push(
      ...unsaved.map((column) => ({ row: row.row, column, say: FORMULA_WITHOUT_VALUE })),
      ...checked.problems.filter((p) => !p.column || !unsaved.includes(p.column)),
    );
    if (checked.member && unsaved.length === 0) members.push(checked.member);
    const email = emailOf(cells);
    if (email) emails.push({ row: row.row, email });
  }
  if (layout.rows.length === 0)
    problems.push({
      row: layout.headerRow + 1,
      column: null,
      say: /*i18n*/ 'The file has no members under its header row.',
    });
  problems.push(...duplicateEmails(emails));
  const known = await knownEmails(db, [...new Set(emails.map((e) => e.email))]);
  for (const e of emails) {
    const uniqueId = known.get(e.email);
    if (uniqueId)
      problems.push({
        row: e.row,
        column: 'email',
        say: sentence(/*i18n*/ 'A member with this email is already in the app ({id}).', {
          id: uniqueId,
        }),
      });
  }
  const opening = (who: MemberRow[]) =>
    openingFigures(who, input.openingCashFils, rules.interestPermille, lines.length);
  let figures = opening(members);
  const beyond = beyondTheBooks(figures, input.openingCashFils, layout.headerRow);
  // Totals the books cannot keep cannot be shown either: the dry run shows nothing to create.
  if (beyond.length) figures = opening([]);
  problems.push(...beyond);
  problems.sort((a, b) => a.row - b.row);
  return {
    file,
    asOf: input.asOf,
    openingCashFils: input.openingCashFils,
    lines,
    members,
    problems,
    figures,
  };
}
