import { stringify } from 'csv-stringify/sync';
import writeExcelFile from 'write-excel-file/node';
import { directionOf, type Language } from '@jamiya/contracts/languages';
import type { LoanCharge } from '@jamiya/contracts/settings';
import { IMPORT_COLUMNS, type ImportColumn } from '@jamiya/contracts/imports';
import { textsIn, type TextId } from '../../lib/i18n.ts';

// The template a treasurer fills in: the header row, one example row, and what each column
// takes, in the reader's language (docs/domain/import.md).

/** The example row; a file that still has it is told to delete it (rows.ts). */
export const TEMPLATE_EXAMPLE: Record<ImportColumn, string> = {
  name: 'Aisha Rahman',
  email: 'aisha.rahman@example.com',
  mobile: '+971 50 123 4567',
  joined: '2024-01',
  passport_or_nid: 'N1234567',
  language: 'en',
  savings: '4400',
  paid_through: '2025-10',
  loan_amount: '2000',
  loan_term_months: '12',
  loan_disbursed: '2025-03',
  loan_repaid: '1070',
};

const EXPLANATIONS: Record<ImportColumn, TextId> = {
  name: /*i18n*/ 'imports.template.columns.name',
  email: /*i18n*/ 'imports.template.columns.email',
  mobile: /*i18n*/ 'imports.template.columns.mobile',
  joined: /*i18n*/ 'imports.template.columns.joined',
  passport_or_nid: /*i18n*/ 'imports.template.columns.passport_or_nid',
  language: /*i18n*/ 'imports.template.columns.language',
  savings: /*i18n*/ 'imports.template.columns.savings',
  paid_through: /*i18n*/ 'imports.template.columns.paid_through',
  loan_amount: /*i18n*/ 'imports.template.columns.loan_amount',
  loan_term_months: /*i18n*/ 'imports.template.columns.loan_term_months',
  loan_disbursed: /*i18n*/ 'imports.template.columns.loan_disbursed',
  loan_repaid: /*i18n*/ 'imports.template.columns.loan_repaid',
};

/**
 * The CSV template: notes first (lines that start with #, which the import passes over), then
 * the header and the example. UTF-8 with a byte order mark, so that Excel reads every script.
 */
export function csvTemplate(language: Language, charge: LoanCharge): string {
  const i18n = textsIn(language, { charge });
  const notes = [
    [`# ${i18n._('imports.template.intro')}`],
    ...IMPORT_COLUMNS.map((c) => [`# ${c}: ${i18n._(EXPLANATIONS[c])}`]),
  ];
  return (
    '\uFEFF' +
    stringify([...notes, [...IMPORT_COLUMNS], IMPORT_COLUMNS.map((c) => TEMPLATE_EXAMPLE[c])], {
      record_delimiter: 'windows',
    })
  );
}

/** Rows of the XLSX template's members' sheet made ready to type in, as text. */
const TEXT_ROWS = 2_000;

/**
 * The XLSX template: the members' sheet (the header, the example and 2,000 empty rows, every
 * cell formatted as text, so that a spreadsheet keeps what is typed as typed: 2024-03 a month,
 * not a date of this year, 050… with its 0), and a second sheet that explains each column.
 */
export async function xlsxTemplate(language: Language, charge: LoanCharge): Promise<Buffer> {
  const i18n = textsIn(language, { charge });
  const text = (value: string, look: 'header' | 'example' | 'plain' = 'plain') => ({
    value,
    type: String,
    format: '@',
    ...(look === 'header' ? { fontWeight: 'bold' as const } : {}),
    // The example in grey, to be typed over or deleted.
    ...(look === 'example' ? { textColor: '#7a7a7a' } : {}),
  });
  const rightToLeft = directionOf(language) === 'rtl';
  return writeExcelFile([
    {
      sheet: i18n._('imports.template.membersSheet'),
      data: [
        IMPORT_COLUMNS.map((c) => text(c, 'header')),
        IMPORT_COLUMNS.map((c) => text(TEMPLATE_EXAMPLE[c], 'example')),
        ...Array.from({ length: TEXT_ROWS }, () => IMPORT_COLUMNS.map(() => text(''))),
      ],
      columns: IMPORT_COLUMNS.map((c) => ({ width: Math.max(12, c.length + 4) })),
      stickyRowsCount: 1,
    },
    {
      sheet: i18n._('imports.template.explanationsSheet'),
      data: [
        [text(i18n._('imports.template.intro'), 'header'), null],
        ...IMPORT_COLUMNS.map((c) => [text(c, 'header'), text(i18n._(EXPLANATIONS[c]))]),
      ],
      columns: [{ width: 20 }, { width: 100 }],
      rightToLeft,
    },
  ]).toBuffer();
}
