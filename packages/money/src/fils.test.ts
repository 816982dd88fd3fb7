import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertFils,
  filsToAed,
  formatAed,
  hasAtMostTwoDecimals,
  isFils,
  MAX_AED_FILS,
  parseAed,
  tryParseAed,
} from './fils.ts';

const anyAedFils = fc.integer({ min: -MAX_AED_FILS, max: MAX_AED_FILS });

describe('isFils / assertFils', () => {
  it('accepts safe integers, negative included', () => {
    for (const value of [0, 1, -525, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      expect(isFils(value)).toBe(true);
      expect(assertFils(value)).toBe(value);
    }
  });

  it('rejects fractions, unsafe integers and non-numbers', () => {
    for (const value of [1.5, NaN, Infinity, 2 ** 53, '5', null, undefined, 5n]) {
      expect(isFils(value)).toBe(false);
    }
    expect(() => assertFils(1.5, 'amountFils')).toThrow(RangeError);
    expect(() => assertFils(1.5, 'amountFils')).toThrow(
      /amountFils must be a whole number of fils/,
    );
    expect(() => assertFils(2 ** 53)).toThrow(RangeError);
  });
});

describe('parseAed', () => {
  it.each([
    ['200', 20000],
    ['200.5', 20050],
    ['200.50', 20050],
    [' 1200 ', 120000],
    ['0.01', 1],
    ['-5.25', -525],
    ['.5', 50],
    ['-.05', -5],
    ['0', 0],
    ['007', 700],
    ['1000000000', MAX_AED_FILS],
    ['-1000000000.00', -MAX_AED_FILS],
    ['999999999.99', MAX_AED_FILS - 1],
  ])('parses %j as %d fils', (input, fils) => {
    expect(parseAed(input)).toBe(fils);
  });

  it.each([
    [12.34, 1234],
    [200.5, 20050],
    [0.1, 10],
    [-3, -300],
    [1123.5, 112350],
    [1e9, MAX_AED_FILS],
  ])('parses the number %d as %d fils', (input, fils) => {
    expect(parseAed(input)).toBe(fils);
  });

  it('never returns -0', () => {
    expect(Object.is(parseAed('-0'), 0)).toBe(true);
    expect(Object.is(parseAed('-0.00'), 0)).toBe(true);
    expect(Object.is(parseAed(-0), 0)).toBe(true);
  });

  it.each([
    ['1.234', /more than two decimals/],
    ['0.001', /more than two decimals/],
    ['', /empty/],
    ['   ', /empty/],
    ['1,200', /not a number like/],
    ['1 200', /not a number like/],
    ['+5', /not a number like/],
    ['abc', /not a number like/],
    ['1.', /not a number like/],
    ['.', /not a number like/],
    ['-', /not a number like/],
    ['1e3', /not a number like/],
    ['0x10', /not a number like/],
    ['12.3.4', /not a number like/],
    ['--5', /not a number like/],
    ['١٢', /not a number like/],
    ['1000000000.01', /beyond the limit of AED 1,000,000,000/],
    ['-1000000000.01', /beyond the limit/],
    ['9'.repeat(400), /beyond the limit/],
  ])('rejects %j', (input, message) => {
    expect(() => parseAed(input)).toThrow(RangeError);
    expect(() => parseAed(input)).toThrow(message);
  });

  it.each([
    [NaN, /finite/],
    [Infinity, /finite/],
    [-Infinity, /finite/],
    [1e21, /exponent/],
    [1e-7, /exponent/],
    [12.345, /more than two decimals/],
    [0.30000000000000004, /more than two decimals/],
    [1e10, /beyond the limit/],
  ])('rejects the number %d', (input, message) => {
    expect(() => parseAed(input)).toThrow(RangeError);
    expect(() => parseAed(input)).toThrow(message);
  });

  it('parses int.dd exactly for every integer part in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_AED_FILS / 100 - 1 }),
        fc.integer({ min: 0, max: 99 }),
        fc.boolean(),
        (whole, cents, negative) => {
          const text = `${negative ? '-' : ''}${whole}.${String(cents).padStart(2, '0')}`;
          const expected = BigInt(whole) * 100n + BigInt(cents);
          expect(BigInt(parseAed(text))).toBe(negative ? -expected : expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('round-trips with formatAed once the grouping commas are removed', () => {
    fc.assert(
      fc.property(anyAedFils, (fils) => {
        const text = formatAed(fils, { withCurrency: false }).replaceAll(',', '');
        expect(parseAed(text)).toBe(fils);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips with filsToAed, so a JSON number carries the exact amount', () => {
    fc.assert(
      fc.property(anyAedFils, (fils) => {
        expect(parseAed(filsToAed(fils))).toBe(fils);
        expect(parseAed(JSON.parse(JSON.stringify(filsToAed(fils))) as number)).toBe(fils);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('tryParseAed', () => {
  it('returns fils for valid input and null for everything else', () => {
    expect(tryParseAed('12.34')).toBe(1234);
    expect(tryParseAed(12.34)).toBe(1234);
    expect(tryParseAed('-5.25')).toBe(-525);
    for (const input of [
      'abc',
      '1.234',
      '',
      '1,000',
      NaN,
      1e-7,
      undefined,
      null,
      true,
      {},
      [],
      5n,
    ]) {
      expect(tryParseAed(input)).toBeNull();
    }
  });
});

describe('filsToAed', () => {
  it('gives the AED number for JSON', () => {
    expect(filsToAed(12345)).toBe(123.45);
    expect(filsToAed(-525)).toBe(-5.25);
    expect(filsToAed(1)).toBe(0.01);
    expect(filsToAed(MAX_AED_FILS)).toBe(1e9);
    expect(Object.is(filsToAed(-0), 0)).toBe(true);
    expect(JSON.stringify({ total: filsToAed(35667) })).toBe('{"total":356.67}');
  });

  it('rejects non-fils', () => {
    expect(() => filsToAed(1.5)).toThrow(RangeError);
  });
});

describe('formatAed', () => {
  it.each([
    [123450, 'AED 1,234.50'],
    [-123450, '-AED 1,234.50'],
    [0, 'AED 0'],
    [-0, 'AED 0'],
    [5, 'AED 0.05'],
    [-5, '-AED 0.05'],
    [100, 'AED 1'],
    [99999, 'AED 999.99'],
    [100000, 'AED 1,000'],
    [MAX_AED_FILS, 'AED 1,000,000,000'],
    [Number.MAX_SAFE_INTEGER, 'AED 90,071,992,547,409.91'],
    [Number.MIN_SAFE_INTEGER, '-AED 90,071,992,547,409.91'],
  ])('formats %d as %j', (fils, text) => {
    expect(formatAed(fils)).toBe(text);
    expect(formatAed(fils, { withCurrency: true })).toBe(text);
  });

  it('writes decimals only when there are fils, as the app does', () => {
    expect(formatAed(20_000)).toBe('AED 200');
    expect(formatAed(20_050)).toBe('AED 200.50');
  });

  it('leaves out the currency on request', () => {
    expect(formatAed(123450, { withCurrency: false })).toBe('1,234.50');
    expect(formatAed(-123450, { withCurrency: false })).toBe('-1,234.50');
  });

  it('rejects non-fils', () => {
    expect(() => formatAed(12.5)).toThrow(RangeError);
    expect(() => formatAed(NaN)).toThrow(RangeError);
  });

  it('groups digits like en-US for every safe integer', () => {
    const grouping = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (fils) => {
          const magnitude = fils < 0 ? -BigInt(fils) : BigInt(fils);
          const cents = magnitude % 100n;
          const fraction = cents === 0n ? '' : `.${String(cents).padStart(2, '0')}`;
          const expected = `${fils < 0 ? '-' : ''}AED ${grouping.format(magnitude / 100n)}${fraction}`;
          expect(formatAed(fils)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([0, 1, -1, 12.5, 12.34, -12.34, 0.01, 1e21, 123456789.99])('is true for %d', (n) => {
    expect(hasAtMostTwoDecimals(n)).toBe(true);
  });

  it.each([12.345, 0.001, 0.30000000000000004, 1e-7, NaN, Infinity, -Infinity])(
    'is false for %d',
    (n) => {
      expect(hasAtMostTwoDecimals(n)).toBe(false);
    },
  );

  it('is true for every amount filsToAed produces', () => {
    fc.assert(
      fc.property(anyAedFils, (fils) => {
        expect(hasAtMostTwoDecimals(filsToAed(fils))).toBe(true);
      }),
    );
  });
});
