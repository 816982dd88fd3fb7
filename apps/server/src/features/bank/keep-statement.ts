import { and, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CsvMappingInput, LookalikeChoice } from '@jamiya/contracts/bank';
import { refreshStatistics, type Db, type DbOrTx } from '../../db/client.ts';
import {
  bankCsvMappings,
  bankLineKeys,
  bankLines,
  bankStatementLines,
  bankStatements,
} from '../../db/schema/bank.ts';
import type { Actor } from '../../lib/actor.ts';
import { inBatches } from '../../lib/batches.ts';
import { localDate } from '../../lib/calendar.ts';
import { conflict, type FieldErrors } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { recognise, type HeldLine } from './lookalikes.ts';
import type { BankFormat, Statement } from './read-types.ts';
import { columnsKey, dedupeKeys, type StatementRow } from './statements.ts';

// A statement kept: its lines each once, however many statements held them. A statement
// imported twice is refused; two that overlap share their common lines, found by the dedupe key
// in one format and, across formats, by the day, the amount and what ties them
// (lookalikes.ts); what nothing ties waits for the treasurer's word (docs/domain/reconciliation.md).

export interface NewStatement {
  statement: Statement;
  fileName: string;
  sha256: string;
  bank: string | null;
  /** A CSV's column choices, remembered under `bank`. */
  mapping: { columns: string[]; choices: CsvMappingInput } | null;
  /** What to do with lines that look like lines held: ask (refuse), the same, or new. */
  lookalikes: LookalikeChoice;
}

/** The lines held with a day of `statement`, and the formats of the statements that held each. */
async function heldLines(tx: DbOrTx, statement: Statement, except: number[]): Promise<HeldLine[]> {
  const held: HeldLine[] = [];
  const known = new Set(except);
  // 5,000 at a time: 180,000 lines held on a month's days, read as one, held every other
  // request for the 1.5 s their rows took to map.
  for (let after = 0; ;) {
    const rows = await tx
      .select({
        line: bankLines,
        formats: sql<BankFormat[]>`array_agg(distinct ${bankStatements.format})`,
      })
      .from(bankLines)
      .innerJoin(bankStatementLines, eq(bankStatementLines.lineId, bankLines.id))
      .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
      .where(
        and(between(bankLines.bookedOn, statement.from, statement.to), gt(bankLines.id, after)),
      )
      .groupBy(bankLines.id)
      .orderBy(bankLines.id)
      .limit(HELD_AT_ONCE);
    for (const { line, formats } of rows)
      if (!known.has(line.id)) held.push({ ...line, formats: new Set(formats) });
    if (rows.length < HELD_AT_ONCE) return held;
    after = rows.at(-1)!.line.id;
  }
}

const HELD_AT_ONCE = 5_000;

/** Each key's line id, among those already held (by any key a statement knew them by). */
async function linesByKey(tx: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const batch of inBatches([...new Set(keys)])) {
    const rows = await tx
      .select({ id: bankLineKeys.lineId, key: bankLineKeys.key })
      .from(bankLineKeys)
      .where(inArray(bankLineKeys.key, batch));
    for (const r of rows) found.set(r.key, r.id);
  }
  return found;
}

/** The keys this statement knows its lines by, kept so that the next statement finds them. */
async function keepKeys(tx: DbOrTx, keys: string[], ids: number[]): Promise<void> {
  const rows = [...new Map(keys.map((key, i) => [key, { key, lineId: ids[i]! }])).values()];
  for (const batch of inBatches(rows))
    await tx.insert(bankLineKeys).values(batch).onConflictDoNothing({ target: bankLineKeys.key });
}

/** New lines past which the tables' statistics are refreshed at once (client.ts). */
const MANY_LINES = 1_000;

/** Keeps a statement and its new lines in one transaction; the same file twice is 409. */
export async function keepStatement(
  db: Db,
  input: NewStatement,
  actor: Actor & { id: number },
  now: Date,
): Promise<StatementRow> {
  const row = await db.transaction(async (tx) => {
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
    const known = await linesByKey(tx, keys);
    const fresh = statement.lines.flatMap((line, index) =>
      known.has(keys[index]!) ? [] : [{ index, line }],
    );
    const recognised = await recognise(
      fresh,
      statement.format,
      fresh.length ? await heldLines(tx, statement, [...known.values()]) : [],
    );
    if (recognised.unsure.size > 0 && input.lookalikes === 'ask')
      throw lookalikesFound(input, recognised.unsure);
    const ids: number[] = statement.lines.map((_, i) => known.get(keys[i]!) ?? 0);
    for (const [index, lineId] of recognised.same) ids[index] = lineId;
    if (input.lookalikes === 'same')
      for (const [index, held] of recognised.unsure) ids[index] = held.id;
    const toInsert = statement.lines.flatMap((line, index) =>
      ids[index] === 0 ? [{ line, key: keys[index]! }] : [],
    );
    let newLines = 0;
    for (const batch of inBatches(toInsert)) {
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
    }
    // The same key twice in one file (a bank reference repeated) is one line.
    const inserted = new Map<string, number>();
    for (const batch of inBatches([...new Set(toInsert.map((l) => l.key))])) {
      const rows = await tx
        .select({ id: bankLines.id, key: bankLines.dedupeKey })
        .from(bankLines)
        .where(inArray(bankLines.dedupeKey, batch));
      for (const r of rows) inserted.set(r.key, r.id);
    }
    statement.lines.forEach((_, i) => {
      if (ids[i] === 0) ids[i] = inserted.get(keys[i]!)!;
    });
    await keepKeys(tx, keys, ids);
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
      details: {
        sha256: input.sha256,
        lines: statement.lines.length,
        newLines,
        recognised: recognised.same.size,
        lookalikes: recognised.unsure.size ? input.lookalikes : undefined,
      },
      ip: actor.ip ?? null,
      at: now,
    });
    return row;
  });
  // The statement's page is opened next, and planned for the lines now held.
  if (row.newLines >= MANY_LINES)
    await refreshStatistics(db, [bankLines, bankStatementLines, bankLineKeys]);
  return row;
}

/** 409: the lines that look like lines held, each beside the one it looks like. */
function lookalikesFound(input: NewStatement, unsure: Map<number, HeldLine>) {
  const errors: FieldErrors = {
    lookalikes: [...unsure].map(([index, held]) => {
      const line = input.statement.lines[index]!;
      return sentence(
        /*i18n*/ 'Line {row}: {day}, {amount}, “{text}” looks like the line “{held}” you already have.',
        {
          row: line.row,
          day: { day: line.bookedOn },
          amount: aed(line.amountFils),
          text: line.text,
          held: held.text,
        },
      );
    }),
  };
  return conflict(
    sentence(
      /*i18n*/ '{count, plural, one {# line looks} other {# lines look}} like lines you already have, from a statement in another format: say whether they are the same lines or new ones.',
      { count: unsure.size },
    ),
    errors,
  );
}
