// Dates, one way for the whole app and its mail: day before month ("19 December 2026"), the
// association's days and hours, which are Dubai's, whatever zone the phone is set to. Apart
// from the amounts (format.ts) so that a page that shows no date does not load this.

const TIME_ZONE = 'Asia/Dubai';

/** English as the UAE writes it, day before month; plain "en" is American ("Dec 19, 2026"). */
function dateLocale(locale: string): string {
  return locale === 'en' ? 'en-AE' : locale;
}

const DATE_OPTIONS = {
  // A calendar day as YYYY-MM-DD names no zone: it is read, and shown, as that day.
  // Months by their full names in every language: abbreviations read as clipped in some
  // ("सित॰", "নভে", "ഒക്ടോ"; issue 34).
  day: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  instantDay: { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE },
  moment: {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, kind: keyof typeof DATE_OPTIONS): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    // Latin digits in every language, as on the receipts (docs/languages.md).
    format = new Intl.DateTimeFormat(dateLocale(locale), {
      ...DATE_OPTIONS[kind],
      numberingSystem: 'latn',
    });
    dateFormats.set(key, format);
  }
  return format;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day: "19 December 2026". A calendar day (YYYY-MM-DD) is shown as itself; a moment (an ISO
 * time or a Date) as the day it was in Dubai.
 */
export function formatDay(date: string | Date, locale = 'en'): string {
  if (typeof date === 'string' && CALENDAR_DAY.test(date))
    return dateFormat(locale, 'day').format(new Date(`${date}T12:00:00Z`));
  return dateFormat(locale, 'instantDay').format(new Date(date));
}

/** A moment with its time of day in Dubai: "19 December 2026 at 2:05 PM". */
export function formatMoment(at: string | Date, locale = 'en'): string {
  return dateFormat(locale, 'moment').format(new Date(at));
}

/** A month of dues, "2026-12", as "December 2026". */
export function formatMonth(period: string, locale = 'en'): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return dateFormat(locale, 'month').format(new Date(Date.UTC(year, month - 1, 15)));
}

/** A month (YYYY-MM) as the count of months since year 0: month arithmetic without dates or zones. */
const monthIndex = (period: string) => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1;

/** The month `months` after a month of dues, both as YYYY-MM ("2026-12", 1 -> "2027-01"). */
export function addMonthsToPeriod(period: string, months: number): string {
  const index = monthIndex(period) + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months from `from` to `to` (YYYY-MM), both counted; 0 when `to` is before `from`. */
export function monthsFromTo(from: string, to: string): number {
  return Math.max(0, monthIndex(to) - monthIndex(from) + 1);
}
