import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { DbOrTx } from '../../db/client.ts';
import { bankLines, bankStatementLines, bankStatements } from '../../db/schema/bank.ts';
import { aed, sentence, type Say } from '../../lib/i18n.ts';
import {
  cashAtEndOf,
  firstCashMovementsNotInBank,
  movesCashAfter,
  type CashMovement,
} from '../ledger/public.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';
import type { LineRow, StatementRow } from './statements.ts';

// The bank's balance at the end of a day beside the books' cash, and what explains the
// difference: lines of the bank the books do not have by then, and movements of the books the
// bank does not have by then (docs/domain/reconciliation.md).

export interface ReconciliationFigures {
  asOf: string;
  statement: StatementRow | null;
  bankFils: Fils | null;
  booksFils: Fils;
  /** The first `limit` of each list, and how many each has. */
  linesNotInBooks: LineRow[];
  linesNotInBooksTotal: number;
  entriesNotInBank: CashMovement[];
  entriesNotInBankTotal: number;
  agree: boolean;
  verdict: Say;
}

/** The balance a statement gives at the end of `day`, or null when it gives none. */
async function balanceFrom(db: DbOrTx, statement: StatementRow, day: string): Promise<Fils | null> {
  if (statement.toDate <= day && statement.closingBalanceFils !== null)
    return statement.closingBalanceFils;
  const lines = await db
    .select({ amountFils: bankLines.amountFils, balanceFils: bankLines.balanceFils })
    .from(bankStatementLines)
    .innerJoin(bankLines, eq(bankLines.id, bankStatementLines.lineId))
    .where(and(eq(bankStatementLines.statementId, statement.id), lte(bankLines.bookedOn, day)))
    .orderBy(asc(bankLines.bookedOn), asc(bankLines.id));
  if (statement.openingBalanceFils !== null)
    return lines.reduce((sum, l) => sum + l.amountFils, statement.openingBalanceFils);
  const last = lines.at(-1);
  return last?.balanceFils ?? null;
}

/**
 * The first `limit` lines of [from, to] not in the books by the end of `to`, and how many: those
 * linked to nothing (their own index: the open few, not the thousands linked), and those whose
 * movement of the books came only later (none on today's page).
 */
async function linesNotInBooksBy(
  db: DbOrTx,
  from: string,
  to: string,
  limit: number,
): Promise<[LineRow[], number]> {
  const within = sql`${bankLines.bookedOn} between ${from} and ${to}`;
  const open = await db
    .select({ line: bankLines, total: sql<string>`count(*) over ()` })
    .from(bankLines)
    .where(and(isNull(bankLines.entryId), within))
    .orderBy(asc(bankLines.bookedOn), asc(bankLines.id))
    .limit(limit);
  const later = await db
    .select()
    .from(bankLines)
    .where(and(isNotNull(bankLines.entryId), within, movesCashAfter(bankLines.entryId, to)));
  const lines = [...open.map((o) => o.line), ...later]
    .sort((a, b) => a.bookedOn.localeCompare(b.bookedOn) || a.id - b.id)
    .slice(0, limit);
  return [lines, Number(open[0]?.total ?? 0) + later.length];
}

/**
 * The bank and the books at the end of `asOf`; when the latest statement ends before it, at
 * the end of the statement's last day, the last the bank has told.
 */
export async function reconcile(
  db: DbOrTx,
  asOf: string,
  limit: number,
): Promise<ReconciliationFigures> {
  const [statement] = await db
    .select()
    .from(bankStatements)
    .where(lte(bankStatements.fromDate, asOf))
    .orderBy(desc(bankStatements.toDate), desc(bankStatements.id))
    .limit(1);
  if (!statement)
    return {
      asOf,
      statement: null,
      bankFils: null,
      booksFils: await cashAtEndOf(db, asOf),
      linesNotInBooks: [],
      linesNotInBooksTotal: 0,
      entriesNotInBank: [],
      entriesNotInBankTotal: 0,
      agree: false,
      verdict: sentence(/*i18n*/ 'No bank statement covers {day} yet: import one to compare.', {
        day: { day: asOf },
      }),
    };
  const to = statement.toDate < asOf ? statement.toDate : asOf;
  const bankFils = await balanceFrom(db, statement, to);
  const booksFils = await cashAtEndOf(db, to);
  // The days the statements cover, up to the day asked.
  const [first] = await db
    .select({ from: sql<string>`min(${bankStatements.fromDate})::text` })
    .from(bankStatements);
  const from = first!.from;
  // What one side has and the other not by then, found in the database, and only the first
  // of each read back: at 5,000 members a statement of two months has 10,000 lines, and 300
  // of each list were read for a page that shows 10.
  const [lines, linesTotal] = await linesNotInBooksBy(db, from, to, limit);
  const entries = await firstCashMovementsNotInBank(db, { from, to }, to, limit);
  const difference = bankFils === null ? null : booksFils - bankFils;
  const agree = difference === 0 && linesTotal === 0 && entries.total === 0;
  return {
    asOf,
    statement,
    bankFils,
    booksFils,
    linesNotInBooks: lines,
    linesNotInBooksTotal: linesTotal,
    entriesNotInBank: entries.movements,
    entriesNotInBankTotal: entries.total,
    agree,
    verdict: verdictOf(statement, asOf, difference, linesTotal, entries.total),
  };
}

/** reconcile's figures, and the members the movements not in the bank are of. */
export async function reconciliationOf(
  db: DbOrTx,
  asOf: string,
  limit: number,
): Promise<{ figures: ReconciliationFigures; members: Map<number, MemberRef> }> {
  const figures = await reconcile(db, asOf, limit);
  const members = await memberRefsById(
    db,
    figures.entriesNotInBank.flatMap((m) => (m.userId === null ? [] : [m.userId])),
  );
  return { figures, members };
}

function verdictOf(
  statement: StatementRow,
  asOf: string,
  difference: Fils | null,
  lines: number,
  entries: number,
): Say {
  if (difference === null)
    return sentence(
      /*i18n*/ 'The statement of {from} to {to} gives no balance: import one with balances to compare.',
      { from: { day: statement.fromDate }, to: { day: statement.toDate } },
    );
  if (difference === 0 && lines === 0 && entries === 0)
    return statement.toDate < asOf
      ? sentence(
          /*i18n*/ 'Books and bank agree up to {day}, the last day of the latest statement.',
          {
            day: { day: statement.toDate },
          },
        )
      : /*i18n*/ 'Books and bank agree.';
  return sentence(
    /*i18n*/ 'The books and the bank differ by {difference}: {lines, plural, =0 {every bank line is in the books} one {# bank line is not in the books} other {# bank lines are not in the books}}, and {entries, plural, =0 {every movement of the books is in the bank} one {# movement of the books is not in the bank} other {# movements of the books are not in the bank}}.',
    { difference: aed(Math.abs(difference)), lines, entries },
  );
}
