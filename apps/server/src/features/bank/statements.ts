import { createHash } from 'node:crypto';
import { and, count, eq, gt, isNotNull, lt, not, or, sql } from 'drizzle-orm';
import type { CsvMappingInput } from '@jamiya/contracts/bank';
import type { DbOrTx } from '../../db/client.ts';
import {
  bankCsvMappings,
  bankLines,
  bankStatementLines,
  bankStatements,
} from '../../db/schema/bank.ts';
import { notFound } from '../../lib/errors.ts';
import type { StatementLine } from './read-types.ts';

// Statements and their lines as they are kept (keep-statement.ts keeps a new one).

export type StatementRow = typeof bankStatements.$inferSelect;
export type LineRow = typeof bankLines.$inferSelect;

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A CSV's header as one key, to find a bank's remembered column choices by its columns. */
export const columnsKey = (columns: string[]) =>
  columns.map((c) => c.trim().toLowerCase()).join('\u001f');

/** The column choices remembered under a bank's name, else for an export with these columns. */
export async function rememberedMapping(
  db: DbOrTx,
  bank: string | undefined,
  columns: string[],
): Promise<{ bank: string; mapping: CsvMappingInput } | null> {
  const key = columnsKey(columns);
  const rows = await db
    .select({ bank: bankCsvMappings.bank, mapping: bankCsvMappings.mapping })
    .from(bankCsvMappings)
    .where(
      bank
        ? or(eq(bankCsvMappings.bank, bank), eq(bankCsvMappings.columnsKey, key))
        : eq(bankCsvMappings.columnsKey, key),
    )
    .orderBy(sql`${bankCsvMappings.updatedAt} desc`);
  return rows.find((r) => r.bank === bank) ?? rows[0] ?? null;
}

/**
 * What makes a line the same line in another statement: the bank's own reference where it
 * has one; else its day, amount, text and running balance, and which such line of the day it
 * is (two equal transfers on one day are two lines).
 */
export function dedupeKeys(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.bankRef) return `ref:${line.bankRef.trim()}`;
    const same = [line.bookedOn, line.amountFils, line.text, line.balanceFils ?? ''].join('\u001f');
    const nth = (seen.get(same) ?? 0) + 1;
    seen.set(same, nth);
    return `line:${createHash('sha256').update(`${same}\u001f${nth}`).digest('hex')}`;
  });
}

async function statementById(db: DbOrTx, id: number): Promise<StatementRow | undefined> {
  const [row] = await db.select().from(bankStatements).where(eq(bankStatements.id, id));
  return row;
}

/** The statement asked for by its id; 404 when there is none. */
export async function statementOr404(db: DbOrTx, id: number): Promise<StatementRow> {
  const row = await statementById(db, id);
  if (!row) throw notFound(/*i18n*/ 'There is no such bank statement.');
  return row;
}

/** A line in the books: linked to a payment or an entry. */
const inTheBooks = or(isNotNull(bankLines.paymentId), isNotNull(bankLines.entryId));

/** The lines a statement held (those not in the books, when `open`), in the bank's order. */
export async function linesOf(db: DbOrTx, statementId: number, which?: 'open'): Promise<LineRow[]> {
  const lines: LineRow[] = [];
  // 5,000 at a time: the 45,000 lines of a statement, read as one, held every other request
  // for the 200 ms their rows took to map.
  for (let after = 0; ;) {
    const rows = await db
      .select({ line: bankLines })
      .from(bankStatementLines)
      .innerJoin(bankLines, eq(bankLines.id, bankStatementLines.lineId))
      .where(
        and(
          eq(bankStatementLines.statementId, statementId),
          gt(bankLines.id, after),
          which === 'open' ? not(inTheBooks!) : undefined,
        ),
      )
      .orderBy(bankLines.id)
      .limit(LINES_AT_ONCE);
    lines.push(...rows.map((r) => r.line));
    if (rows.length < LINES_AT_ONCE) break;
    after = rows.at(-1)!.line.id;
  }
  const byDay = (a: LineRow, b: LineRow) =>
    a.bookedOn < b.bookedOn ? -1 : a.bookedOn > b.bookedOn ? 1 : a.id - b.id;
  return lines.sort(byDay);
}

const LINES_AT_ONCE = 5_000;

/**
 * A statement's lines in the books, by id: `limit` of them after `after`, and how many there
 * are (and of them, money out). Read page by page: at 5,000 members they are 10,000, and the
 * statement's page read and mapped all of them for the 50 it shows.
 */
export async function linesInTheBooks(
  db: DbOrTx,
  statementId: number,
  page: { after: number | undefined; limit: number } | null,
): Promise<{ lines: LineRow[]; all: number; out: number }> {
  const ofStatement = and(eq(bankStatementLines.statementId, statementId), inTheBooks);
  const [counted] = await db
    .select({ all: count(), out: count(sql`case when ${lt(bankLines.amountFils, 0)} then 1 end`) })
    .from(bankStatementLines)
    .innerJoin(bankLines, eq(bankLines.id, bankStatementLines.lineId))
    .where(ofStatement);
  const lines =
    page === null
      ? []
      : await db
          .select({ line: bankLines })
          .from(bankStatementLines)
          .innerJoin(bankLines, eq(bankLines.id, bankStatementLines.lineId))
          .where(
            and(ofStatement, page.after === undefined ? undefined : gt(bankLines.id, page.after)),
          )
          .orderBy(bankLines.id)
          .limit(page.limit);
  return { lines: lines.map((r) => r.line), all: counted!.all, out: counted!.out };
}

/** Every statement, the latest first (an association imports one a month or so). */
export async function allStatements(db: DbOrTx): Promise<StatementRow[]> {
  return db
    .select()
    .from(bankStatements)
    .orderBy(sql`${bankStatements.toDate} desc`, sql`${bankStatements.id} desc`);
}
