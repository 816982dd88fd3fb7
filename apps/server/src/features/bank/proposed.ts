import type { DbOrTx } from '../../db/client.ts';
import { addDaysToDate } from '../../lib/calendar.ts';
import { cashMovementsNotInBank, type CashMovement } from '../ledger/public.ts';
import {
  paymentsForMatching,
  waitingPayments,
  type PaymentForMatching,
} from '../payments/public.ts';
import { MATCH_WINDOW_DAYS, matchLines, type Counterpart, type Match } from './matching.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';
import { allStatements, linesOf, type LineRow, type StatementRow } from './statements.ts';

// A statement set beside the books: which of its lines not yet in the books match a
// receipt waiting or a movement of cash, and what is left on either side.

export interface StatementPicture {
  statement: StatementRow;
  /** The lines not in the books (the statement's others: linesInTheBooks). */
  lines: Map<number, LineRow>;
  matches: Match[];
  unmatchedLines: LineRow[];
  unmatchedPayments: PaymentForMatching[];
  unmatchedEntries: CashMovement[];
  payments: Map<number, PaymentForMatching>;
  movements: Map<number, CashMovement>;
  members: Map<number, MemberRef>;
}

const paymentDay = (p: PaymentForMatching) => p.transferDate ?? p.submittedOn;

/** A movement's counterpart, dated by the transfer its payment names when it has one. */
function movementCounterpart(
  m: CashMovement,
  payment: PaymentForMatching | undefined,
): Counterpart {
  return {
    kind: 'entry',
    id: m.entryId,
    amountFils: m.cashFils,
    day: payment ? paymentDay(payment) : m.occurredOn,
    userId: m.userId,
    bankReference: payment?.bankReference ?? null,
  };
}

const covers = (statement: StatementRow, day: string) =>
  day >= statement.fromDate && day <= statement.toDate;

/** `waitingNow`: the receipts waiting, when the caller has them already; read otherwise. */
export async function pictureOf(
  db: DbOrTx,
  statement: StatementRow,
  waitingNow?: PaymentForMatching[],
): Promise<StatementPicture> {
  const open = await linesOf(db, statement.id, 'open');
  // A receipt is linked to its line as it is approved: one waiting has no line yet.
  const waiting = waitingNow ?? (await waitingPayments(db));
  // Movements a line of this statement could be the money of, not yet linked to a line (of
  // any statement): the few left, not the thousands of the days.
  const movements = await cashMovementsNotInBank(db, {
    from: addDaysToDate(statement.fromDate, -MATCH_WINDOW_DAYS),
    to: addDaysToDate(statement.toDate, MATCH_WINDOW_DAYS),
  });
  const paid = await paymentsForMatching(
    db,
    movements.flatMap((m) => (m.paymentId === null ? [] : [m.paymentId])),
  );
  const payments = new Map([...waiting, ...paid].map((p) => [p.id, p]));
  const counterparts: Counterpart[] = [
    ...waiting.map((p): Counterpart => ({
      kind: 'payment',
      id: p.id,
      amountFils: p.amountFils,
      day: paymentDay(p),
      userId: p.userId,
      bankReference: p.bankReference,
    })),
    ...movements.map((m) =>
      movementCounterpart(m, m.paymentId ? payments.get(m.paymentId) : undefined),
    ),
  ];
  const members = await memberRefsById(db, [
    ...waiting.map((p) => p.userId),
    ...movements.flatMap((m) => (m.userId === null ? [] : [m.userId])),
  ]);
  const matches = matchLines(open, counterparts, members);
  const matchedLines = new Set(matches.map((m) => m.lineId));
  const matchedOf = (kind: Counterpart['kind']) =>
    new Set(matches.filter((m) => m.counterpart.kind === kind).map((m) => m.counterpart.id));
  const matchedPayments = matchedOf('payment');
  const matchedEntries = matchedOf('entry');
  const within = (day: string) => covers(statement, day);
  return {
    statement,
    lines: new Map(open.map((l) => [l.id, l])),
    matches,
    unmatchedLines: open.filter((l) => !matchedLines.has(l.id)),
    unmatchedPayments: waiting.filter((p) => !matchedPayments.has(p.id) && within(paymentDay(p))),
    unmatchedEntries: movements.filter(
      (m) => !matchedEntries.has(m.entryId) && within(m.occurredOn),
    ),
    payments,
    movements: new Map(movements.map((m) => [m.entryId, m])),
    members,
  };
}

export interface UnseenReceipt {
  paymentId: number;
  statement: StatementRow;
}

/**
 * The receipts waiting that a statement covering their day does not hold, each by the latest
 * such statement (`statements` latest first). Only the statements that cover the day of a
 * receipt not yet told are set beside the books: the others could add nothing.
 */
async function unseenReceipts(db: DbOrTx, statements: StatementRow[]): Promise<UnseenReceipt[]> {
  const waiting = await waitingPayments(db);
  const unseen: UnseenReceipt[] = [];
  const told = new Set<number>();
  for (const statement of statements) {
    if (!waiting.some((p) => !told.has(p.id) && covers(statement, paymentDay(p)))) continue;
    const picture = await pictureOf(db, statement, waiting);
    for (const p of picture.unmatchedPayments) {
      if (told.has(p.id)) continue;
      told.add(p.id);
      unseen.push({ paymentId: p.id, statement });
    }
  }
  return unseen;
}

/** The receipts waiting that no statement holds, set beside every statement kept. */
export async function allUnseenReceipts(db: DbOrTx): Promise<UnseenReceipt[]> {
  return unseenReceipts(db, await allStatements(db));
}
