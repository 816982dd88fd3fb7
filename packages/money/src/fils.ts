/**
 * An amount of money in fils (1 AED = 100 fils), negative allowed.
 *
 * Always a safe integer (`Number.isSafeInteger`): money is never fractional inside
 * Jamiya. AED with decimals exists only at the edges (parsing input, JSON, display).
 */
export type Fils = number;

/** 1 billion AED: no real amount comes near it, so anything beyond is a mistake or an attack. */
export const MAX_AED_FILS = 100_000_000_000;

export function isFils(value: unknown): value is Fils {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function assertFils(value: number, what = 'amount'): Fils {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be a whole number of fils (a safe integer), got ${value}`);
  }
  return value;
}

// ".5" is accepted as 0.50 (people type it); "1." is not, as it looks like an unfinished entry.
const AED_PATTERN = /^(-)?(\d*)(?:\.(\d{1,2}))?$/;
const TOO_MANY_DECIMALS = /^-?\d*\.\d{3,}$/;

type ParseResult = { ok: true; fils: Fils } | { ok: false; message: string };

function parse(input: string | number): ParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) {
      return { ok: false, message: `AED amount must be a finite number, got ${input}` };
    }
    // The shortest round-trip string is the decimal the sender meant: 12.34 -> "12.34".
    text = String(input);
    if (/e/i.test(text)) {
      return {
        ok: false,
        message: `AED amount ${text} must be a plain decimal, not exponent notation`,
      };
    }
  } else {
    text = input.trim();
    if (text === '') return { ok: false, message: 'AED amount is empty' };
  }

  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  const match = AED_PATTERN.exec(text);
  if (!match || (match[2] === '' && match[3] === undefined)) {
    const message = TOO_MANY_DECIMALS.test(text)
      ? `AED amount ${shown} has more than two decimals`
      : `AED amount ${shown} is not a number like 1200 or 200.50 (digits, an optional "-", at most two decimals, no thousands separators)`;
    return { ok: false, message };
  }

  const [, sign, whole, fraction = ''] = match;
  const magnitude = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  if (magnitude > BigInt(MAX_AED_FILS)) {
    return {
      ok: false,
      message: `AED amount ${shown} is beyond the limit of ${formatAed(MAX_AED_FILS)}`,
    };
  }
  const fils = Number(magnitude);
  // "-0" must not produce -0, which compares oddly (Object.is) and prints as "0" anyway.
  return { ok: true, fils: sign && fils !== 0 ? -fils : fils };
}

/**
 * Exact decimal parse of an AED amount into fils. Throws RangeError with a sentence for
 * the person on anything that is not a plain decimal with at most two decimals within
 * ±MAX_AED_FILS. Negative amounts parse; callers decide whether they are allowed.
 */
export function parseAed(input: string | number): Fils {
  const result = parse(input);
  if (!result.ok) throw new RangeError(result.message);
  return result.fils;
}

export function tryParseAed(input: unknown): Fils | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const result = parse(input);
  return result.ok ? result.fils : null;
}

/** The JSON number for the API (12345 -> 123.45); for output only, never compute with it. */
export function filsToAed(f: Fils): number {
  assertFils(f);
  // Within ±MAX_AED_FILS the quotient has at most 12 significant digits, so its shortest
  // string form is exactly the intended decimal and parseAed(filsToAed(f)) === f.
  return f === 0 ? 0 : f / 100;
}

/**
 * An amount in the server's English sentences: "AED 1,600", "AED 1,234.50", "-AED 0.05", or
 * without "AED " on request. The app's one way of writing an amount, the one formatMoney
 * (format.ts) writes in English, without needing Intl: decimals only when there are fils.
 */
export function formatAed(f: Fils, options: { withCurrency?: boolean } = {}): string {
  assertFils(f);
  const magnitude = BigInt(Math.abs(f));
  const whole = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const cents = magnitude % 100n;
  const fraction = cents === 0n ? '' : `.${cents.toString().padStart(2, '0')}`;
  const sign = f < 0 ? '-' : '';
  const currency = options.withCurrency === false ? '' : 'AED ';
  return `${sign}${currency}${whole}${fraction}`;
}

/** For schema checks on JSON numbers: true for 12, 12.5, 12.34; false for 12.345, 0.1 + 0.2, NaN. */
export function hasAtMostTwoDecimals(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  if (Number.isInteger(n)) return true;
  const text = String(n);
  // A non-integer printed with an exponent is tiny (like 1e-7), so it has more than two decimals.
  if (/e/i.test(text)) return false;
  const fraction = text.split('.')[1] ?? '';
  return fraction.length <= 2;
}
