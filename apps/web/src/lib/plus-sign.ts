import { language } from './format.ts';

const plusSigns = new Map<string, string>();

/**
 * The reader's plus sign, for a change shown with its sign: in Arabic and Urdu it carries the
 * mark that keeps it before the digits in a right-to-left line ("\u200e+"), as Intl's minus does.
 */
export function plusSign(lng: string = language()): string {
  let sign = plusSigns.get(lng);
  if (sign === undefined) {
    // What comes before the digits of "+1": the sign, and the mark where there is one.
    const parts = new Intl.NumberFormat(lng, { signDisplay: 'always' }).formatToParts(1);
    const digits = parts.findIndex((part) => part.type === 'integer');
    sign = parts
      .slice(0, digits)
      .map((part) => part.value)
      .join('');
    plusSigns.set(lng, sign);
  }
  return sign;
}
