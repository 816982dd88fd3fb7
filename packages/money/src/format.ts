import { assertFils, type Fils } from './fils.ts';

/** The decimal text of an amount, exactly, e.g. 123450 -> "1234.50", -5 -> "-0.05". */
export function filsToDecimalString(f: Fils): string {
  assertFils(f);
  const sign = f < 0 ? '-' : '';
  const abs = BigInt(Math.abs(f));
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * An amount for people to read, in Latin digits and their locale's grouping: "AED 1,600" or
 * "AED 356.67", in Arabic as in English (docs/languages.md). Decimals appear only when the
 * amount has fils. `signed`: a change, "+1,600" or "-1,600", its sign kept before the digits in
 * a right-to-left line as Intl marks it. The number is handed to Intl as a decimal string, so it is never
 * rounded through floating point.
 */
export function formatMoney(
  f: Fils,
  locale = 'en',
  options: { currency?: boolean; signed?: boolean } = {},
): string {
  const format = moneyFormat(
    locale,
    options.currency !== false,
    Math.abs(f) % 100 !== 0,
    options.signed === true,
  );
  // NumberFormat v3 formats decimal strings exactly; TypeScript's lib types only numbers.
  return format.format(filsToDecimalString(f) as unknown as number);
}

// Making a NumberFormat costs far more than using one (a page of figures made one per amount:
// about a tenth of a member page's script time on a slow phone), and there are four per
// language: kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(
  locale: string,
  hasCurrency: boolean,
  hasFils: boolean,
  isSigned: boolean,
): Intl.NumberFormat {
  const key = `${locale}|${hasCurrency}|${hasFils}|${isSigned}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...(hasCurrency ? { style: 'currency', currency: 'AED', currencyDisplay: 'code' } : {}),
      minimumFractionDigits: hasFils ? 2 : 0,
      maximumFractionDigits: 2,
      signDisplay: isSigned ? 'exceptZero' : 'auto',
      // Latin digits in every language, as on the receipts (docs/languages.md).
      numberingSystem: 'latn',
    });
    moneyFormats.set(key, format);
  }
  return format;
}
