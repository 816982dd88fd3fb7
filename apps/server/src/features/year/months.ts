import { filsToAed } from '@jamiya/money/fils';
import type { BookMonth, MonthOpenItems } from '@jamiya/contracts/year';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { daysInPeriod, periodOf, periodsNewestFirst } from '../../lib/calendar.ts';
import { translate, type Say } from '../../lib/i18n.ts';
import { reconcile } from '../bank/public.ts';
import { booksBeganOn, firstOpenMonth, monthLocksList, monthOfMoment } from '../ledger/public.ts';
import { receiptsWaitingBy } from '../payments/public.ts';
import { memberRefsById } from '../users/public.ts';

/** The last day of a month, YYYY-MM-DD. */
export const lastDayOf = (month: string): string =>
  `${month}-${String(daysInPeriod(month)).padStart(2, '0')}`;

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
  const end = lastDayOf(month);
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

/** The month to lock next: the one after the last locked, or the books' first. */
export async function monthToLockNext(db: DbOrTx, now: Date): Promise<string> {
  const locks = await monthLocksList(db);
  if (locks.length > 0) return firstOpenMonth(db, now);
  const began = await booksBeganOn(db);
  return began ? periodOf(began) : monthOfMoment(now);
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
  const began = await booksBeganOn(db);
  const locks = new Map((await monthLocksList(db)).map((l) => [l.month, l]));
  const from = [began ? periodOf(began) : thisMonth, ...locks.keys()].sort()[0]!;
  const firstOpen = locks.size > 0 ? await firstOpenMonth(db, now) : from;
  const people = await memberRefsById(
    db,
    [...locks.values()].flatMap((l) => [l.lockedBy, l.proposedBy]),
  );
  const firstItems = firstOpen < thisMonth ? await openItemsOf(db, firstOpen) : null;
  const items = periodsNewestFirst(from, thisMonth).map((month): BookMonth => {
    const lock = locks.get(month);
    const open = month === firstOpen ? firstItems : null;
    return {
      month,
      state: lock ? 'locked' : month === thisMonth ? 'current' : 'open',
      locked_at: lock ? lock.lockedAt.toISOString() : null,
      locked_by: lock ? (people.get(lock.lockedBy) ?? null) : null,
      proposed_by: lock?.proposedBy ? (people.get(lock.proposedBy) ?? null) : null,
      open_items: open ? openItemsView(open, language) : null,
      lockable: open?.clear ?? false,
    };
  });
  return { items, first_open: firstOpen };
}
