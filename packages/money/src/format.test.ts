import fc from 'fast-check';
import { formatAed } from './fils.ts';
import { describe, expect, it } from 'vitest';
import { filsToDecimalString, formatMoney, leftToRightIn } from './format.ts';
import { formatDay, formatMoment, formatMonth } from './dates.ts';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('shows decimals only when there are fils', () => {
    expect(plain(formatMoney(160_000))).toBe('AED 1,600');
    expect(plain(formatMoney(35_667))).toBe('AED 356.67');
    expect(plain(formatMoney(5))).toBe('AED 0.05');
    expect(plain(formatMoney(-12_350))).toBe('-AED 123.50');
  });

  it("writes English as formatAed writes the server's sentences: one way for the whole app", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (fils) => {
        expect(plain(formatMoney(fils, 'en'))).toBe(formatAed(fils));
        expect(formatMoney(fils, 'en', { currency: false })).toBe(
          formatAed(fils, { withCurrency: false }),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('can leave the currency out', () => {
    expect(formatMoney(107_000, 'en', { currency: false })).toBe('1,070');
  });

  it('writes Latin digits in every language, as on the receipts', () => {
    expect(formatMoney(123_456, 'ar-EG', { currency: false })).toBe('\u20661,234.56\u2069');
    expect(formatMoney(123_456, 'hi-IN-u-nu-deva', { currency: false })).toBe('1,234.56');
    expect(formatMoney(123_456, 'bn', { currency: false })).toBe('1,234.56');
  });

  it('writes a change with its sign, a bare plus left to right', () => {
    expect(formatMoney(120_000, 'en', { currency: false, signed: true })).toBe('+1,200');
    expect(formatMoney(-120_000, 'en', { currency: false, signed: true })).toBe('-1,200');
    expect(formatMoney(0, 'en', { currency: false, signed: true })).toBe('0');
    expect(formatMoney(120_000, 'en', { currency: false })).toBe('1,200');
  });

  it('writes one format in every language: the code first, grouped by thousands (issue 34)', () => {
    const isolated = (text: string) => `\u2066${text}\u2069`;
    for (const language of ['en', 'hi', 'bn', 'ml']) {
      expect(plain(formatMoney(191_334, language))).toBe('AED 1,913.34');
      expect(plain(formatMoney(-4_666, language))).toBe('-AED 46.66');
      expect(plain(formatMoney(10_000_000, language))).toBe('AED 100,000');
    }
    // Right to left, the amount is isolated: it keeps its order ("-AED 46.66", not "46.66-")
    // and does not pull the words or figures around it into its own (a Unicode isolate).
    for (const language of ['ar', 'ur']) {
      expect(plain(formatMoney(191_334, language))).toBe(isolated('AED 1,913.34'));
      expect(plain(formatMoney(-4_666, language))).toBe(isolated('-AED 46.66'));
      expect(formatMoney(-33_334, language, { currency: false, signed: true })).toBe(
        isolated('-333.34'),
      );
      expect(formatMoney(20_000, language, { currency: false, signed: true })).toBe(
        isolated('+200'),
      );
    }
  });

  it('isolates any left-to-right figure the same way, right to left only', () => {
    expect(leftToRightIn('ur', '20.9 kB')).toBe('\u206620.9 kB\u2069');
    expect(leftToRightIn('ar-EG', '20.9 kB')).toBe('\u206620.9 kB\u2069');
    expect(leftToRightIn('hi', '20.9 kB')).toBe('20.9 kB');
  });

  it('keeps the code and the figure together on one line', () => {
    expect(formatMoney(160_000, 'en')).toBe('AED\u00a01,600');
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

describe('dates', () => {
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

  it('puts the day before the month in English', () => {
    expect(formatDay('2026-12-19')).toBe('19 December 2026');
    expect(formatDay('2027-01-01')).toBe('1 January 2027');
  });

  it('shows a moment as the day and time it was in Dubai, whatever zone this machine has', () => {
    // 21:30 UTC on the 19th is already the 20th in Dubai (UTC+4).
    expect(formatDay('2026-12-19T21:30:00Z')).toBe('20 December 2026');
    expect(formatDay(new Date('2026-12-19T21:30:00Z'))).toBe('20 December 2026');
    expect(plain(formatMoment('2026-12-19T10:05:00Z'))).toBe('19 December 2026 at 2:05 PM');
  });

  it('shows a calendar day as itself, never the day before', () => {
    expect(formatDay('2026-03-01')).toBe('1 March 2026');
  });

  it('names a month of dues with its year', () => {
    expect(formatMonth('2026-12')).toBe('December 2026');
    expect(formatMonth('nonsense')).toBe('nonsense');
  });

  it("follows another language's own order", () => {
    expect(formatDay('2026-12-19', 'ar')).toBe('19 ديسمبر 2026');
  });
});
