import { createHash } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { CsvMappingInput } from '@jamiya/contracts/bank';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  bankCsvMappings,
  bankLines,
  bankStatementLines,
  bankStatements,
} from '../../db/schema/bank.ts';
import type { Actor } from '../../lib/actor.ts';
import { inBatches } from '../../lib/batches.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import type { Statement, StatementLine } from './read-statement.ts';

// A statement kept: its lines each once, however many statements held them (a statement
// imported twice is refused; two that overlap share their common lines).

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

export interface NewStatement {
  statement: Statement;
  fileName: string;
  sha256: string;
  bank: string | null;
  /** A CSV's column choices, remembered under `bank`. */
  mapping: { columns: string[]; choices: CsvMappingInput } | null;
}

/** Keeps a statement and its new lines in one transaction; the same file twice is 409. */
export async function keepStatement(
  db: Db,
  input: NewStatement,
  actor: Actor & { id: number },
  now: Date,
): Promise<StatementRow> {
  return db.transaction(async (tx) => {
    // One statement at a time: two overlapping ones would each count the other's lines as new.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jamiya:bank-statement'))`);
    const [earlier] = await tx
      .select({ id: bankStatements.id, importedAt: bankStatements.importedAt })
      .from(bankStatements)
      .where(eq(bankStatements.sha256, input.sha256));
    if (earlier)
      throw conflict(
        sentence(/*i18n*/ 'This statement was already imported on {day}.', {
          day: { day: localDate(earlier.importedAt) },
        }),
      );
    const { statement } = input;
    const keys = dedupeKeys(statement.lines);
    const ids: number[] = [];
    let newLines = 0;
    for (const batch of inBatches(statement.lines.map((line, i) => ({ line, key: keys[i]! })))) {
      const inserted = await tx
        .insert(bankLines)
        .values(
          batch.map(({ line, key }) => ({
            bookedOn: line.bookedOn,
            amountFils: line.amountFils,
            text: line.text,
            bankRef: line.bankRef,
            balanceFils: line.balanceFils,
            dedupeKey: key,
          })),
        )
        .onConflictDoNothing({ target: bankLines.dedupeKey })
        .returning({ id: bankLines.id });
      newLines += inserted.length;
      const found = await tx
        .select({ id: bankLines.id, key: bankLines.dedupeKey })
        .from(bankLines)
        .where(
          inArray(
            bankLines.dedupeKey,
            batch.map((b) => b.key),
          ),
        );
      const idOf = new Map(found.map((f) => [f.key, f.id]));
      // The same key twice in one file (a bank reference repeated) is one line.
      for (const { key } of batch) ids.push(idOf.get(key)!);
    }
    const [row] = await tx
      .insert(bankStatements)
      .values({
        format: statement.format,
        bank: input.bank,
        fileName: input.fileName,
        sha256: input.sha256,
        fromDate: statement.from,
        toDate: statement.to,
        openingBalanceFils: statement.openingBalanceFils,
        closingBalanceFils: statement.closingBalanceFils,
        lineCount: statement.lines.length,
        newLines,
        importedBy: actor.id,
        importedAt: now,
      })
      .returning();
    if (!row) throw new Error('statement was not written');
    for (const batch of inBatches([...new Set(ids)]))
      await tx
        .insert(bankStatementLines)
        .values(batch.map((lineId) => ({ statementId: row.id, lineId })));
    if (input.mapping && input.bank) {
      const values = {
        bank: input.bank,
        columnsKey: columnsKey(input.mapping.columns),
        mapping: input.mapping.choices,
        updatedBy: actor.id,
        updatedAt: now,
      };
      await tx
        .insert(bankCsvMappings)
        .values(values)
        .onConflictDoUpdate({ target: bankCsvMappings.bank, set: values });
    }
    await audit(tx, {
      actorId: actor.id,
      action: 'bank.statement_import',
      targetType: 'bank_statement',
      targetId: row.id,
      details: { sha256: input.sha256, lines: statement.lines.length, newLines },
      ip: actor.ip ?? null,
      at: now,
    });
    return row;
  });
}

export async function statementById(db: DbOrTx, id: number): Promise<StatementRow | undefined> {
  const [row] = await db.select().from(bankStatements).where(eq(bankStatements.id, id));
  return row;
}

/** The lines a statement held, in the bank's order. */
export async function linesOf(db: DbOrTx, statementId: number): Promise<LineRow[]> {
  const rows = await db
    .select({ line: bankLines })
    .from(bankStatementLines)
    .innerJoin(bankLines, eq(bankLines.id, bankStatementLines.lineId))
    .where(eq(bankStatementLines.statementId, statementId))
    .orderBy(bankLines.bookedOn, bankLines.id);
  return rows.map((r) => r.line);
}

/** Every statement, the latest first (an association imports one a month or so). */
export async function allStatements(db: DbOrTx): Promise<StatementRow[]> {
  return db
    .select()
    .from(bankStatements)
    .orderBy(sql`${bankStatements.toDate} desc`, sql`${bankStatements.id} desc`);
}
