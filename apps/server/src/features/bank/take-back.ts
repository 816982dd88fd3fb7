import { eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankLines, bankStatementLines, bankStatements } from '../../db/schema/bank.ts';
import type { Actor } from '../../lib/actor.ts';
import { inBatches } from '../../lib/batches.ts';
import { conflict, notFound, type FieldErrors } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { withdrawProposalsAbout } from '../proposals/public.ts';
import { linesOf, type StatementRow } from './statements.ts';

// A statement imported by mistake, taken back while nothing of it is linked or booked: its lines
// go with it, but those another statement holds too (docs/domain/reconciliation.md). The books
// are not touched: a line is only ever linked to them, never a part of them.

export async function takeBackStatement(
  db: Db,
  statementId: number,
  actor: Actor & { id: number },
  now: Date,
): Promise<StatementRow> {
  return db.transaction(async (tx) => {
    // As an import: one statement at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jamiya:bank-statement'))`);
    const [statement] = await tx
      .select()
      .from(bankStatements)
      .where(eq(bankStatements.id, statementId))
      .for('update');
    if (!statement) throw notFound(/*i18n*/ 'There is no such bank statement.');
    const lines = await linesOf(tx, statementId);
    const elsewhere = new Set<number>();
    for (const batch of inBatches(lines.map((l) => l.id))) {
      const rows = await tx
        .select({ lineId: bankStatementLines.lineId })
        .from(bankStatementLines)
        .where(
          sql`${inArray(bankStatementLines.lineId, batch)} and ${ne(bankStatementLines.statementId, statementId)}`,
        );
      for (const r of rows) elsewhere.add(r.lineId);
    }
    const own = lines.filter((l) => !elsewhere.has(l.id));
    const held = own.filter((l) => l.paymentId !== null || l.entryId !== null);
    if (held.length) {
      const errors: FieldErrors = {};
      for (const l of held)
        errors[`line ${l.id}`] = [
          sentence(
            l.linkKind === 'book' || l.linkKind === 'assign'
              ? /*i18n*/ 'The line of {day}, {amount}, “{text}” was booked or recorded as a payment: reverse that in the journal first.'
              : /*i18n*/ 'The line of {day}, {amount}, “{text}” is linked to a payment: unlink it first.',
            { day: { day: l.bookedOn }, amount: aed(l.amountFils), text: l.text },
          ),
        ];
      throw conflict(
        sentence(
          /*i18n*/ 'This statement cannot be taken back while {count, plural, one {# of its lines is} other {# of its lines are}} linked or booked.',
          { count: held.length },
        ),
        errors,
      );
    }
    await tx.delete(bankStatementLines).where(eq(bankStatementLines.statementId, statementId));
    for (const batch of inBatches(own.map((l) => l.id))) {
      await withdrawProposalsAbout(
        tx,
        ['bank.assign', 'bank.book'],
        batch.map((id) => `bank_line:${id}`),
        now,
      );
      await tx.delete(bankLines).where(inArray(bankLines.id, batch));
    }
    await tx.delete(bankStatements).where(eq(bankStatements.id, statementId));
    await audit(tx, {
      actorId: actor.id,
      action: 'bank.statement_delete',
      targetType: 'bank_statement',
      targetId: statementId,
      details: {
        fileName: statement.fileName,
        sha256: statement.sha256,
        from: statement.fromDate,
        to: statement.toDate,
        linesRemoved: own.length,
        linesKept: lines.length - own.length,
      },
      ip: actor.ip ?? null,
      at: now,
    });
    return statement;
  });
}
