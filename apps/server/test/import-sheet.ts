import { IMPORT_COLUMNS, type ImportColumn } from '@jamiya/contracts/imports';
import { addMonthsToPeriod, localDate, periodOf } from '../src/lib/calendar.ts';
import { multipart, postForm, type TestApp } from './harness.ts';

// An association's spreadsheet as the import tests write it (features/imports): rows of the
// template's columns, sent as CSV to POST /api/admin/imports.

export type SheetRow = Partial<Record<ImportColumn, string>>;

/** The month `n` months before this one (YYYY-MM). */
export const sheetMonthsAgo = (n: number) => addMonthsToPeriod(periodOf(localDate(new Date())), -n);

let serial = 0;
/** A member row of their own name and e-mail, a member for 6 months, paid up to last month but one. */
export function sheetMember(over: SheetRow = {}): SheetRow {
  serial += 1;
  const id = `${Date.now().toString(36)}${serial}`;
  return {
    name: `Member ${id}`,
    email: `s${id}@example.test`,
    joined: sheetMonthsAgo(6),
    savings: '1000',
    paid_through: sheetMonthsAgo(2),
    ...over,
  };
}

/** The rows as a CSV file, every column of the template. */
export function sheetCsv(rows: SheetRow[], separator = ','): Buffer {
  const quote = (v: string) => (/[",;\t\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return Buffer.from(
    [
      IMPORT_COLUMNS.join(separator),
      ...rows.map((r) => IMPORT_COLUMNS.map((c) => quote(r[c] ?? '')).join(separator)),
    ].join('\r\n'),
    'utf8',
  );
}

/** The file sent by `token`: a dry run unless `dryRun` is false; cut over on the 15th of last month. */
export function sendSheet(
  t: TestApp,
  token: string,
  data: Buffer,
  { dryRun = true, fields = {} as Record<string, string> } = {},
) {
  return postForm(
    t.app,
    '/api/admin/imports',
    token,
    multipart(
      {
        as_of: `${sheetMonthsAgo(1)}-15`,
        opening_cash: '50000',
        dry_run: String(dryRun),
        ...fields,
      },
      { file: { filename: 'members.csv', contentType: 'text/csv', data } },
    ),
  );
}
