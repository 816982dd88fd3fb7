import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filsToDecimalString, formatMoney } from './format.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('shows decimals only when there are fils', () => {
    expect(plain(formatMoney(160_000))).toBe('AED 1,600');
    expect(plain(formatMoney(35_667))).toBe('AED 356.67');
    expect(plain(formatMoney(5))).toBe('AED 0.05');
    expect(plain(formatMoney(-12_350))).toBe('-AED 123.50');
  });

  it('can leave the currency out', () => {
    expect(formatMoney(107_000, 'en', { currency: false })).toBe('1,070');
  });

  it('uses the locale digits', () => {
    expect(formatMoney(123_456, 'ar-EG', { currency: false })).toBe('١٬٢٣٤٫٥٦');
    expect(formatMoney(123_456, 'hi-IN-u-nu-deva', { currency: false })).toBe('१,२३४.५६');
  });

  it('formats each amount as a NumberFormat made for it would, whatever was formatted before', () => {
    // The formats are kept per language, currency and decimals: a kept one must never serve
    // another combination.
    const locales = ['en', 'ar-EG', 'hi-IN-u-nu-deva', 'fr'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            f: fc.integer({ min: -1e12, max: 1e12 }),
            locale: fc.constantFrom(...locales),
            currency: fc.boolean(),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (calls) => {
          for (const { f, locale, currency } of calls) {
            const fresh = new Intl.NumberFormat(locale, {
              ...(currency ? { style: 'currency', currency: 'AED', currencyDisplay: 'code' } : {}),
              minimumFractionDigits: f % 100 !== 0 ? 2 : 0,
              maximumFractionDigits: 2,
            }).format(filsToDecimalString(f) as unknown as number);
            expect(formatMoney(f, locale, { currency })).toBe(fresh);
          }
        },
      ),
    );
  });

  it('never rounds: every amount keeps its digits exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (f) => {
        const text = formatMoney(f, 'en', { currency: false }).replace(/,/g, '');
        const expected = filsToDecimalString(f).replace(/\.00$/, '');
        expect(text).toBe(expected === '-0' ? '0' : expected);
      }),
    );
  });
});
