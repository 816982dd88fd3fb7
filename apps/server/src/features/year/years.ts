import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookYears } from '../../db/schema/year.ts';
import { addMonthsToPeriod, periodOf } from '../../lib/calendar.ts';
import { booksBeganOn, monthOfMoment } from '../ledger/public.ts';
import { getSettings } from '../settings/public.ts';
import { notFound } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';

// The association's years (docs/domain/year.md): each named by the calendar year it ends in,
// ending in the month before the settings' first month. The first runs from the books' first
// month; a closed year keeps the months it was closed with, and the next starts after it, so a
// change of the setting makes one longer or shorter year between the two.

export type YearRow = typeof bookYears.$inferSelect;

export interface BookYearSpan {
  year: number;
  firstMonth: string;
  lastMonth: string;
  row: YearRow | null;
}

const monthNumber = (month: string) => Number(month.slice(5, 7));

/** The year that starts in `firstMonth`: to the first month that ends a year, named by its year. */
export function yearFrom(firstMonth: string, startsInMonth: number, after: number | null) {
  const endsIn = startsInMonth === 1 ? 12 : startsInMonth - 1;
  let lastMonth = addMonthsToPeriod(firstMonth, (endsIn - monthNumber(firstMonth) + 12) % 12);
  // Two years never share a name: after a change of the setting, the year runs on a year more.
  if (after !== null && Number(lastMonth.slice(0, 4)) <= after)
    lastMonth = addMonthsToPeriod(lastMonth, 12);
  return { year: Number(lastMonth.slice(0, 4)), firstMonth, lastMonth };
}

/** Every year of the books, oldest first, up to the one holding this month; none without books. */
export async function yearSpans(db: DbOrTx, now: Date): Promise<BookYearSpan[]> {
  const began = await booksBeganOn(db);
  if (!began) return [];
  const { yearStartsMonth } = await getSettings(db);
  const rows = await db.select().from(bookYears).orderBy(asc(bookYears.year));
  const closed = rows.filter((r) => r.closedAt !== null);
  const byYear = new Map(rows.map((r) => [r.year, r]));
  const spans: BookYearSpan[] = closed.map((r) => ({
    year: r.year,
    firstMonth: r.firstMonth,
    lastMonth: r.lastMonth,
    row: r,
  }));
  const thisMonth = monthOfMoment(now);
  let first = closed.length ? addMonthsToPeriod(closed.at(-1)!.lastMonth, 1) : periodOf(began);
  let after = closed.at(-1)?.year ?? null;
  for (;;) {
    const span = yearFrom(first, yearStartsMonth, after);
    spans.push({ ...span, row: byYear.get(span.year) ?? null });
    if (span.lastMonth >= thisMonth) break;
    first = addMonthsToPeriod(span.lastMonth, 1);
    after = span.year;
  }
  return spans;
}

/** The year asked for among the books' years, with those before and after it; 404 without. */
export async function yearAmong(db: DbOrTx, year: number, now: Date) {
  const spans = await yearSpans(db, now);
  const at = spans.findIndex((s) => s.year === year);
  if (at < 0)
    throw notFound(sentence(/*i18n*/ 'The books have no year {year}.', { year: String(year) }));
  return { span: spans[at]!, before: spans.slice(0, at), after: spans.slice(at + 1) };
}
