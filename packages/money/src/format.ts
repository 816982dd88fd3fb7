import { assertFils, type Fils } from './fils.ts';

/** The decimal text of an amount, exactly, e.g. 123450 -> "1234.50", -5 -> "-0.05". */
export function filsToDecimalString(f: Fils): string {
  assertFils(f);
  const sign = f < 0 ? '-' : '';
  const abs = BigInt(Math.abs(f));
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * An amount for people to read, in their locale's digits and grouping: "AED 1,600" or
 * "AED 356.67" in English, Arabic-Indic digits in Arabic. Decimals appear only when the
 * amount has fils. The number is handed to Intl as a decimal string, so it is never
 * rounded through floating point.
 */
export function formatMoney(f: Fils, locale = 'en', options: { currency?: boolean } = {}): string {
  const format = moneyFormat(locale, options.currency !== false, Math.abs(f) % 100 !== 0);
  // NumberFormat v3 formats decimal strings exactly; TypeScript's lib types only numbers.
  return format.format(filsToDecimalString(f) as unknown as number);
}

// Making a NumberFormat costs far more than using one (a page of figures made one per amount:
// about a tenth of a member page's script time on a slow phone), and there are four per
// language: kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, hasCurrency: boolean, hasFils: boolean): Intl.NumberFormat {
  const key = `${locale}|${hasCurrency}|${hasFils}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...(hasCurrency ? { style: 'currency', currency: 'AED', currencyDisplay: 'code' } : {}),
      minimumFractionDigits: hasFils ? 2 : 0,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

// Dates, one way for the whole app and its mail: day before month ("19 Dec 2026"), the
// association's days and hours, which are Dubai's, whatever zone the phone is set to. Here
// beside the amounts so that how a figure reads is decided in one file.

const TIME_ZONE = 'Asia/Dubai';

/** English as the UAE writes it, day before month; plain "en" is American ("Dec 19, 2026"). */
function dateLocale(locale: string): string {
  return locale === 'en' ? 'en-AE' : locale;
}

const DATE_OPTIONS = {
  // A calendar day as YYYY-MM-DD names no zone: it is read, and shown, as that day.
  day: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  instantDay: { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE },
  moment: { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, kind: keyof typeof DATE_OPTIONS): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(locale), DATE_OPTIONS[kind]);
    dateFormats.set(key, format);
  }
  return format;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day: "19 Dec 2026". A calendar day (YYYY-MM-DD) is shown as itself; a moment (an ISO
 * time or a Date) as the day it was in Dubai.
 */
export function formatDay(date: string | Date, locale = 'en'): string {
  if (typeof date === 'string' && CALENDAR_DAY.test(date))
    return dateFormat(locale, 'day').format(new Date(`${date}T12:00:00Z`));
  return dateFormat(locale, 'instantDay').format(new Date(date));
}

/** A moment with its time of day in Dubai: "19 Dec 2026, 2:05 PM". */
export function formatMoment(at: string | Date, locale = 'en'): string {
  return dateFormat(locale, 'moment').format(new Date(at));
}

/** A month of dues, "2026-12", as "December 2026". */
export function formatMonth(period: string, locale = 'en'): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return dateFormat(locale, 'month').format(new Date(Date.UTC(year, month - 1, 15)));
}
