// One imported bank statement (features/bank, docs/domain/reconciliation.md): the association's
// CSV export of its last two to three months, each movement of the books' cash a line on its
// day, read by the app's own reader and kept as keepStatement keeps it (its lines, their dedupe
// keys, the file's hash, the bank's column choices). Most lines are linked to their payment and
// entry as approving a statement's matches links them; three in a hundred wait for the
// treasurer. The bank also has what the books do not: its charges at each month's end and a few
// transfers of receipts still under review, a known difference between bank and books.
import { Buffer } from 'node:buffer';
import type { CsvMappingInput } from '@jamiya/contracts/bank';
import type { Db } from '../../apps/server/src/db/client.ts';
import { addDaysToDate, addMonthsToDate } from '../../apps/server/src/lib/calendar.ts';
import { cashAtEndOf, cashMovements } from '../../apps/server/src/features/ledger/public.ts';
import { readStatement } from '../../apps/server/src/features/bank/read-statement.ts';
import {
  columnsKey,
  dedupeKeys,
  sha256Of,
} from '../../apps/server/src/features/bank/statements.ts';
import { MAX_LINES } from '../../apps/server/src/features/bank/read-values.ts';
import type { Association } from './batch.ts';
import { insertRows, type Query, type Row } from './sql.ts';

const BANK = 'Scale National Bank';
const COLUMNS = [
  'Transaction Date',
  'Value Date',
  'Description',
  'Reference',
  'Debit',
  'Credit',
  'Balance',
];
const MAPPING: CsvMappingInput = {
  date: 'Transaction Date',
  date_order: 'dmy',
  description: 'Description',
  reference: 'Reference',
  debit: 'Debit',
  credit: 'Credit',
  balance: 'Balance',
};
const BANK_CHARGE_FILS = 2_625;

interface Line {
  day: string;
  fils: number;
  description: string;
  reference: string;
  entryId: number | null;
  paymentId: number | null;
}

export interface BankSummary {
  lines: number;
  linked: number;
  /** Bank less books at the statement's last day: the lines the books do not have. */
  differenceFils: number;
}

const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const money = (fils: number) => (fils / 100).toFixed(2);
const cell = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The statement's lines: the books' cash movements of [from, to], and what only the bank has. */
async function bankLines(db: Db, query: Query, from: string, to: string) {
  const people = new Map(
    (await query(`select id, unique_id, name from users`)).map((r) => [
      Number(r.id),
      {
        ref: `${String(r.unique_id).slice(0, 2)}-${String(r.unique_id).slice(2)}`,
        name: String(r.name).toUpperCase(),
      },
    ]),
  );
  const lines: Line[] = (await cashMovements(db, { from, to })).map((m) => {
    const who = m.userId === null ? undefined : people.get(m.userId);
    const description =
      m.kind === 'disbursement'
        ? `OUTWARD TRANSFER LOAN DISBURSEMENT ${who?.ref ?? ''}`
        : `INWARD TRANSFER ${who?.name ?? ''}${m.kind === 'repayment' ? ' LOAN REPAYMENT' : ''}`;
    return {
      day: m.occurredOn,
      fils: m.cashFils,
      description,
      reference: who?.ref ?? '',
      entryId: m.entryId,
      paymentId: m.paymentId,
    };
  });
  const onlyBank: Line[] = [];
  // The bank's charges on the last day of each month the statement covers.
  for (let month = `${from.slice(0, 8)}01`; month <= to; month = addMonthsToDate(month, 1)) {
    const last = addDaysToDate(addMonthsToDate(month, 1), -1);
    if (last <= to) onlyBank.push(bankOnly(last, -BANK_CHARGE_FILS, 'BANK CHARGES', ''));
  }
  // Transfers whose receipts are still under review: the books have them once approved.
  const waiting = await query(
    `select user_id, amount_fils from payments where status = 'pending' order by id limit 3`,
  );
  for (const w of waiting) {
    const who = people.get(Number(w.user_id))!;
    onlyBank.push(bankOnly(to, Number(w.amount_fils), `INWARD TRANSFER ${who.name}`, who.ref));
  }
  // In the bank's order: by day, the bank's own lines after the day's transfers.
  return [...lines, ...onlyBank]
    .map((line, i) => ({ line, i }))
    .sort((x, y) => (x.line.day < y.line.day ? -1 : x.line.day > y.line.day ? 1 : x.i - y.i))
    .map(({ line }) => line);
}

const bankOnly = (day: string, fils: number, description: string, reference: string): Line => ({
  day,
  fils,
  description,
  reference,
  entryId: null,
  paymentId: null,
});

/**
 * Writes the statement of the first day two months back to yesterday (fewer days if that has
 * more lines than a statement may hold), imported and matched at `now`.
 */
export async function writeBankStatement(
  db: Db,
  query: Query,
  transaction: (fn: (q: Query) => Promise<void>) => Promise<void>,
  a: Association,
  now: Date,
): Promise<BankSummary> {
  const to = addDaysToDate(a.today, -1);
  const first = addMonthsToDate(`${a.today.slice(0, 8)}01`, -2);
  let lines = await bankLines(db, query, first, to);
  // A statement too long for one file (the reader's limit) starts on a later day, whole days.
  const room = MAX_LINES - 1_000;
  if (lines.length > room) {
    const cut = lines[lines.length - room]!.day;
    lines = lines.filter((l) => l.day > cut);
  }
  if (lines.length === 0) return { lines: 0, linked: 0, differenceFils: 0 };
  const from = lines[0]!.day;
  const opening = await cashAtEndOf(db, addDaysToDate(from, -1));
  let balance = opening;
  const csv = [
    'Account Statement,,,,,,',
    'Account Number,AE070331234567890123456,,,,,',
    COLUMNS.join(','),
    ...lines.map((l) => {
      balance += l.fils;
      const [debit, credit] = l.fils < 0 ? [money(-l.fils), ''] : ['', money(l.fils)];
      return [dmy(l.day), dmy(l.day), cell(l.description), l.reference, debit, credit]
        .concat(cell(money(balance)))
        .join(',');
    }),
  ].join('\n');
  const bytes = Buffer.from(`${csv}\n`);
  // The app's reader makes the lines, their texts and the balances, as an upload would.
  const statement = readStatement(bytes, MAPPING);
  if (statement.lines.length !== lines.length || statement.openingBalanceFils !== opening)
    throw new Error('the bank statement did not read back as written');
  const keys = dedupeKeys(statement.lines);

  const next = async (table: string) =>
    Number((await query(`select coalesce(max(id), 0) + 1 as id from ${table}`))[0]!.id);
  const statementId = await next('bank_statements');
  const firstLineId = await next('bank_lines');
  const importedAt = new Date(now.getTime() - 10 * 60_000).toISOString();
  const linkedAt = new Date(now.getTime() - 5 * 60_000).toISOString();
  let linked = 0;
  const lineRows: Row[] = statement.lines.map((read, i) => {
    const { entryId, paymentId } = lines[i]!;
    // Three in a hundred of the books' lines are not yet matched: the treasurer's to do.
    const link = entryId !== null && a.random() >= 0.03;
    if (link) linked++;
    return [
      firstLineId + i,
      read.bookedOn,
      read.amountFils,
      read.text,
      read.bankRef,
      read.balanceFils,
      keys[i]!,
      link ? paymentId : null,
      link ? entryId : null,
      link ? 'match' : null,
      link ? a.admin.id : null,
      link ? linkedAt : null,
    ];
  });
  await transaction(async (q) => {
    await insertRows(
      q,
      'bank_lines',
      [
        'id',
        'booked_on',
        'amount_fils',
        'text',
        'bank_ref',
        'balance_fils',
        'dedupe_key',
        'payment_id',
        'entry_id',
        'link_kind',
        'linked_by',
        'linked_at',
      ],
      lineRows,
    );
    const ids = lineRows.map((r) => r[0] as number);
    await insertRows(
      q,
      'bank_line_keys',
      ['key', 'line_id'],
      keys.map((k, i) => [k, ids[i]!]),
    );
    await insertRows(
      q,
      'bank_statements',
      [
        'id',
        'format',
        'bank',
        'file_name',
        'sha256',
        'from_date',
        'to_date',
        'opening_balance_fils',
        'closing_balance_fils',
        'line_count',
        'new_lines',
        'imported_by',
        'imported_at',
      ],
      [
        [
          statementId,
          statement.format,
          BANK,
          `statement-${statement.from}-${statement.to}.csv`,
          sha256Of(bytes),
          statement.from,
          statement.to,
          statement.openingBalanceFils,
          statement.closingBalanceFils,
          statement.lines.length,
          statement.lines.length,
          a.admin.id,
          importedAt,
        ],
      ],
    );
    const held = ids.map((id) => [statementId, id]);
    await insertRows(q, 'bank_statement_lines', ['statement_id', 'line_id'], held);
    // The column choices, remembered under the bank's name for its next export.
    await insertRows(
      q,
      'bank_csv_mappings',
      ['bank', 'columns_key', 'mapping', 'updated_by', 'updated_at'],
      [[BANK, columnsKey(COLUMNS), JSON.stringify(MAPPING), a.admin.id, importedAt]],
    );
  });
  const onlyBank = lines.filter((l) => l.entryId === null).reduce((s, l) => s + l.fils, 0);
  return { lines: lineRows.length, linked, differenceFils: onlyBank };
}
