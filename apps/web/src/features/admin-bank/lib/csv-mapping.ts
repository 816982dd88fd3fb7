import type { CsvColumns, CsvMappingInput } from '@jamiya/contracts/bank';

// A bank's CSV export mapped to what Jamiya reads (contracts' BankCsvMapping): chosen once by
// the treasurer, then remembered for the bank by the server. The first time, each field starts
// from the column whose header names it ("Transaction Date", "Credit", "رصيد"), for the
// treasurer to check; the order of day and month only when the dates themselves show it (a day
// after the 12th), never guessed (issue 37).

export type DateOrder = NonNullable<CsvMappingInput['date_order']>;
export type DecimalMark = NonNullable<CsvMappingInput['decimal']>;

/** The columns the treasurer chooses, in the form's order. */
export const MAPPING_ROLES = [
  'date',
  'amount',
  'credit',
  'debit',
  'reference',
  'description',
  'balance',
] as const;
export type MappingRole = (typeof MAPPING_ROLES)[number];

/** The mapping as the form holds it: '' is "no column". */
export interface MappingFields {
  date: string;
  date_order: DateOrder | '';
  /** One signed amount column, or a credit and a debit column. */
  amount_mode: 'one' | 'two';
  amount: string;
  credit: string;
  debit: string;
  reference: string;
  description: string;
  balance: string;
  decimal: DecimalMark;
}

// Strongest first: the header that can only mean it, then one that contains the word.
const HEADERS: Record<MappingRole, RegExp[]> = {
  date: [
    /^(transaction|booking|posting|txn|trans\.?|entry)\s*date$/i,
    /^date$/i,
    /^(?!value).*date|تاريخ/i,
  ],
  amount: [/^amount$/i, /amount|مبلغ/i],
  credit: [/credit|deposit|money in|paid in|دائن|إيداع/i],
  debit: [/debit|withdrawal|money out|paid out|مدين|سحب/i],
  reference: [/^ref(erence)?\.?$/i, /ref|مرجع/i],
  description: [/desc|detail|narrat|particular|memo|remark|^text$|بيان|وصف|تفاصيل/i],
  balance: [/balance|رصيد/i],
};

/** The column whose header best names each role, each column given once. */
function columnsByHeader(columns: readonly string[]): Partial<Record<MappingRole, string>> {
  const found: Partial<Record<MappingRole, string>> = {};
  const taken = new Set<string>();
  for (const role of MAPPING_ROLES)
    for (const pattern of HEADERS[role]) {
      const column = columns.find((c) => !taken.has(c) && pattern.test(c.trim()));
      if (column !== undefined) {
        found[role] = column;
        taken.add(column);
        break;
      }
    }
  return found;
}

const DATE = /^\s*(\d{1,4})[./\-\s](\d{1,2})[./\-\s](\d{1,4})/;

/**
 * How the dates are written: `needed` unless every date is YYYY-MM-DD (the server reads those
 * alone); `order` when the dates show it (a year first, or a day after the 12th), else none.
 */
export function dateOrderOf(dates: readonly string[]): { needed: boolean; order?: DateOrder } {
  const parts = dates.flatMap((d) => {
    const m = DATE.exec(d);
    return m ? [{ text: d.trim(), first: m[1]!, second: Number(m[2]), third: m[3]! }] : [];
  });
  if (parts.length === 0) return { needed: dates.some((d) => d.trim() !== '') };
  if (parts.every((p) => /^\d{4}-\d{2}-\d{2}/.test(p.text))) return { needed: false };
  if (parts.every((p) => p.first.length === 4)) return { needed: true, order: 'ymd' };
  if (parts.some((p) => Number(p.first) > 12)) return { needed: true, order: 'dmy' };
  if (parts.some((p) => p.second > 12)) return { needed: true, order: 'mdy' };
  return { needed: true };
}

/**
 * The mark the amounts separate their decimals with: the last "." or "," of an amount followed
 * by one or two digits is it ("1,250.50", "(26,25)"), one followed by three is not.
 */
export function decimalMarkOf(amounts: readonly string[]): DecimalMark | undefined {
  const votes = { '.': 0, ',': 0 };
  for (const amount of amounts) {
    const m = /([.,])(\d+)\D*$/.exec(amount.trim());
    if (!m) continue;
    const mark = m[1] as DecimalMark;
    if (m[2]!.length <= 2) votes[mark]++;
    else if (m[2]!.length === 3) votes[mark === '.' ? ',' : '.']++;
  }
  if (votes['.'] === votes[',']) return undefined;
  return votes['.'] > votes[','] ? '.' : ',';
}

const columnValues = (columns: CsvColumns, column: string | undefined) => {
  const at = column === undefined ? -1 : columns.columns.indexOf(column);
  return at < 0 ? [] : columns.sample.map((row) => row[at] ?? '');
};

/** The form's start: the mapping remembered for the bank, or else what the headers say. */
export function startingFields(columns: CsvColumns): MappingFields {
  const remembered = columns.remembered?.mapping;
  const chosen: Partial<Record<MappingRole, string>> = remembered
    ? Object.fromEntries(MAPPING_ROLES.flatMap((r) => (remembered[r] ? [[r, remembered[r]]] : [])))
    : columnsByHeader(columns.columns);
  if (!remembered && chosen.amount && (chosen.credit || chosen.debit)) delete chosen.amount;
  const amounts = [chosen.amount, chosen.credit, chosen.debit, chosen.balance].flatMap((c) =>
    columnValues(columns, c),
  );
  // The sample's 5 rows may not show the order (05/01 to 12/01); the server read the whole file.
  const order =
    (remembered ? remembered.date_order : dateOrderOf(columnValues(columns, chosen.date)).order) ??
    provenOrder(columns, chosen.date);
  return {
    date: chosen.date ?? '',
    date_order: order ?? '',
    amount_mode: chosen.amount || !(chosen.credit || chosen.debit) ? 'one' : 'two',
    amount: chosen.amount ?? '',
    credit: chosen.credit ?? '',
    debit: chosen.debit ?? '',
    reference: chosen.reference ?? '',
    description: chosen.description ?? '',
    balance: chosen.balance ?? '',
    decimal: remembered?.decimal ?? decimalMarkOf(amounts) ?? '.',
  };
}

/** The order of day and month the whole file proves in a column (the server read it all). */
const provenOrder = (columns: CsvColumns, column: string | undefined) =>
  column !== undefined && Object.hasOwn(columns.date_orders, column)
    ? columns.date_orders[column]
    : undefined;

/** Whether every date of the column is YYYY-MM-DD, which the server reads without an order. */
export const isoDates = (columns: CsvColumns, dateColumn: string) =>
  !dateOrderOf(columnValues(columns, dateColumn || undefined)).needed;

/**
 * Whether the dates of the chosen column need their order said: not when they are YYYY-MM-DD,
 * nor when the whole file proves it (the server then reads them in that order).
 */
export const needsDateOrder = (columns: CsvColumns, dateColumn: string) =>
  !isoDates(columns, dateColumn) && provenOrder(columns, dateColumn) === undefined;

/** The mapping the server reads: the columns chosen, none of the other amount mode's. */
export function mappingOf(fields: MappingFields): CsvMappingInput {
  const isOne = fields.amount_mode === 'one';
  const entries: [string, string][] = [
    ['date', fields.date],
    ['date_order', fields.date_order],
    ['amount', isOne ? fields.amount : ''],
    ['credit', isOne ? '' : fields.credit],
    ['debit', isOne ? '' : fields.debit],
    ['reference', fields.reference],
    ['description', fields.description],
    ['balance', fields.balance],
    ['decimal', fields.decimal],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== '')) as CsvMappingInput;
}

/** A file the columns are read from first: a CSV by its name or its type. */
export const isCsvFile = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';
