import type { YearCheck } from '@jamiya/contracts/year';
import type { DbOrTx } from '../../db/client.ts';
import { lastDayOfPeriod, localDate, periodsNewestFirst } from '../../lib/calendar.ts';
import { sentence, type Say } from '../../lib/i18n.ts';
import { reconcile } from '../bank/public.ts';
import { lastSharedOutDay } from '../bonus/public.ts';
import { interestEarnedFils, monthLocksList } from '../ledger/public.ts';
import { receiptsWaitingBy } from '../payments/public.ts';
import type { BookYearSpan } from './years.ts';

// What a year's close waits for (docs/domain/year.md), each item with the page that puts it
// right. Every month locked already holds the bank and the receipts up to each month's end;
// they are listed again because they are what the committee checks, and where they are fixed.

export interface CheckItem {
  check: YearCheck;
  done: boolean;
  says: Say;
  fixAt: string;
}

/** The checklist of a year that is over and not closed, in the order the committee works it. */
export async function checklistOf(db: DbOrTx, span: BookYearSpan): Promise<CheckItem[]> {
  const lastDay = lastDayOfPeriod(span.lastMonth);
  const locks = new Set((await monthLocksList(db)).map((l) => l.month));
  const months = periodsNewestFirst(span.firstMonth, span.lastMonth).reverse();
  const locked = months.filter((m) => locks.has(m)).length;
  const nextToLock = months.find((m) => !locks.has(m));
  const receipts = await receiptsWaitingBy(db, lastDay);
  const bank = await reconcile(db, lastDay, 1);
  const sharedTo = await lastSharedOutDay(db);
  const interest = await interestEarnedFils(db, `${span.firstMonth}-01`, lastDay);
  const reviewed = span.row?.arrearsReviewedAt ?? null;
  return [
    {
      check: 'months_locked',
      done: nextToLock === undefined,
      says: nextToLock
        ? sentence(
            /*i18n*/ '{locked} of {months} months locked: lock {next} next, once books and bank agree.',
            { locked, months: months.length, next: { month: nextToLock } },
          )
        : sentence(/*i18n*/ 'Every month of the year is locked ({months}).', {
            months: months.length,
          }),
      fixAt: '/admin#overview-months',
    },
    {
      check: 'receipts',
      done: receipts === 0,
      says:
        receipts === 0
          ? /*i18n*/ 'No receipt of the year waits for review.'
          : sentence(
              /*i18n*/ '{count, plural, one {# receipt of the year waits} other {# receipts of the year wait}} for review.',
              { count: receipts },
            ),
      fixAt: '/admin/payments',
    },
    {
      check: 'bank_lines',
      done: bank.linesNotInBooksTotal === 0,
      says:
        bank.linesNotInBooksTotal === 0
          ? /*i18n*/ 'Every bank line of the year is linked or booked.'
          : sentence(
              /*i18n*/ '{count, plural, one {# bank line of the year is} other {# bank lines of the year are}} neither linked nor booked.',
              { count: bank.linesNotInBooksTotal },
            ),
      fixAt: '/admin/bank',
    },
    {
      check: 'arrears_reviewed',
      done: reviewed !== null,
      says: reviewed
        ? sentence(/*i18n*/ 'The arrears at the year’s end were reviewed on {day}.', {
            day: { day: localDate(reviewed) },
          })
        : /*i18n*/ 'Review who is behind at the year’s end, then mark the arrears reviewed.',
      fixAt: '/admin/arrears',
    },
    {
      check: 'share_out',
      done: interest === 0 || (sharedTo !== null && sharedTo >= lastDay),
      says:
        sharedTo !== null && sharedTo >= lastDay
          ? /*i18n*/ 'The share-out of the year is decided.'
          : interest === 0
            ? /*i18n*/ 'The year earned nothing to share out.'
            : /*i18n*/ 'Decide the share-out of the year: close a share-out period that reaches its last day.',
      fixAt: '/admin/bonus',
    },
  ];
}
