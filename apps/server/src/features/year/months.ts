import { filsToAed } from '@jamiya/money/fils';
import type { BookMonth, MonthOpenItems } from '@jamiya/contracts/year';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import {
  addMonthsToPeriod,
  lastDayOfPeriod,
  periodOf,
  periodsNewestFirst,
} from '../../lib/calendar.ts';
import { translate, type Say } from '../../lib/i18n.ts';
import { reconcile } from '../bank/public.ts';
import { booksBeganOn, monthLocksList, monthOfMoment, type MonthLock } from '../ledger/public.ts';
import { receiptsWaitingBy } from '../payments/public.ts';
import { memberRefsById, type MemberRef } from '../users/public.ts';

export interface OpenItems {
  bankLinesOpen: number;
  entriesNotInBank: number;
  receiptsWaiting: number;
  statementReachesEnd: boolean;
  differenceFils: number | null;
  verdict: Say;
  /** Books and bank agree at the month's end and nothing waits: the month may be locked. */
  clear: boolean;
}

/** What stands between a month and its lock (docs/domain/year.md). */
export async function openItemsOf(db: DbOrTx, month: string): Promise<OpenItems> {
  const end = lastDayOfPeriod(month);
  const bank = await reconcile(db, end, 1);
  const receiptsWaiting = await receiptsWaitingBy(db, end);
  const statementReachesEnd = bank.statement !== null && bank.statement.toDate >= end;
  return {
    bankLinesOpen: bank.linesNotInBooksTotal,
    entriesNotInBank: bank.entriesNotInBankTotal,
    receiptsWaiting,
    statementReachesEnd,
    differenceFils: bank.bankFils === null ? null : bank.booksFils - bank.bankFils,
    verdict: bank.verdict,
    clear: statementReachesEnd && bank.agree && receiptsWaiting === 0,
  };
}

export function openItemsView(items: OpenItems, language: Language): MonthOpenItems {
  return {
    bank_lines_open: items.bankLinesOpen,
    entries_not_in_bank: items.entriesNotInBank,
    receipts_waiting: items.receiptsWaiting,
    bank_statement_reaches_end: items.statementReachesEnd,
    bank_difference: items.differenceFils === null ? null : filsToAed(items.differenceFils),
    bank_verdict: translate(language, items.verdict),
  };
}

/** The locks, oldest first; the first month of the books; and the month to lock next. */
export async function locksAndNext(
  db: DbOrTx,
  now: Date,
): Promise<{ locks: MonthLock[]; from: string; next: string }> {
  const locks = await monthLocksList(db);
  const began = await booksBeganOn(db);
  const first = began ? periodOf(began) : monthOfMoment(now);
  const last = locks.at(-1)?.month;
  return {
    locks,
    from: locks[0] && locks[0].month < first ? locks[0].month : first,
    next: last ? addMonthsToPeriod(last, 1) : first,
  };
}

/** A month as the calls show it: locked by whom, or open with what it waits for. */
function monthView(
  month: string,
  state: BookMonth['state'],
  lock: MonthLock | undefined,
  people: Map<number, MemberRef>,
  open: OpenItems | null,
  language: Language,
): BookMonth {
  return {
    month,
    state,
    locked_at: lock ? lock.lockedAt.toISOString() : null,
    locked_by: lock ? (people.get(lock.lockedBy) ?? null) : null,
    proposed_by: lock?.proposedBy ? (people.get(lock.proposedBy) ?? null) : null,
    open_items: open ? openItemsView(open, language) : null,
    lockable: open?.clear ?? false,
  };
}

const peopleOf = (db: DbOrTx, locks: readonly MonthLock[]) =>
  memberRefsById(
    db,
    locks.flatMap((l) => [l.lockedBy, l.proposedBy]),
  );

/** A month just locked, as the lock's answer shows it. */
export async function lockedMonthView(
  db: DbOrTx,
  lock: MonthLock,
  language: Language,
): Promise<BookMonth> {
  return monthView(lock.month, 'locked', lock, await peopleOf(db, [lock]), null, language);
}

/**
 * The months of the books, newest first, from the first with an entry to this one: which are
 * locked, and what the first open one still waits for (only it may be locked next).
 */
export async function bookMonthsOf(
  db: DbOrTx,
  now: Date,
  language: Language,
): Promise<{ items: BookMonth[]; first_open: string }> {
  const thisMonth = monthOfMoment(now);
  const { locks, from, next } = await locksAndNext(db, now);
  const byMonth = new Map(locks.map((l) => [l.month, l]));
  const people = await peopleOf(db, locks);
  const nextItems = next < thisMonth ? await openItemsOf(db, next) : null;
  const items = periodsNewestFirst(from, thisMonth).map((month) => {
    const lock = byMonth.get(month);
    const state = lock ? 'locked' : month === thisMonth ? 'current' : 'open';
    return monthView(month, state, lock, people, month === next ? nextItems : null, language);
  });
  return { items, first_open: next };
}
