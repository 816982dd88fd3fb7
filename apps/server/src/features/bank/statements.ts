import { createHash } from 'node:crypto';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { CsvMappingInput } from '@jamiya/contracts/bank';
import type { DbOrTx } from '../../db/client.ts';
import {
  bankCsvMappings,
  bankLines,
  bankStatementLines,
  bankStatements,
} from '../../db/schema/bank.ts';
import type { StatementLine } from './read-statement.ts';

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

export async function statementById(db: DbOrTx, id: number): Promise<StatementRow | undefined> {
  const [row] = await db.select().from(bankStatements).where(eq(bankStatements.id, id));
  return row;
}

/** The lines a statement held, in the bank's order. */
export async function linesOf(db: DbOrTx, statementId: number): Promise<LineRow[]> {
  const lines: LineRow[] = [];
  // 5,000 at a time: the 45,000 lines of a statement, read as one, held every other request
  // for the 200 ms their rows took to map.
  for (let after = 0; ; ) {
    const rows = await db
      .select({ line: bankLines })
      .from(bankStatementLines)
      .innerJoin(bankLines, eq(bankLines.id, bankStatementLines.lineId))
      .where(and(eq(bankStatementLines.statementId, statementId), gt(bankLines.id, after)))
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

/** Every statement, the latest first (an association imports one a month or so). */
export async function allStatements(db: DbOrTx): Promise<StatementRow[]> {
  return db
    .select()
    .from(bankStatements)
    .orderBy(sql`${bankStatements.toDate} desc`, sql`${bankStatements.id} desc`);
}
