import { describe, expect, it } from 'vitest';
import { amountCell, languageCell, mobileText, monthCell, wholeNumberCell } from './cells.ts';

// A spreadsheet's cells as treasurers type them (issue 36): read, or refused with a sentence.

const value = <T>(cell: { ok: true; value: T } | { ok: false; say: string }) =>
  cell.ok ? cell.value : `refused: ${cell.say}`;

describe('an amount', () => {
  it.each([
    ['1500', 150_000],
    ['1500.5', 150_050],
    ['1,500.50', 150_050],
    ['1,234,567', 123_456_700],
    ['15,00,000', 150_000_000],
    ['1 500', 150_000],
    ['AED 2,400', 240_000],
    ['2400 AED', 240_000],
    ['١٬٢٠٠', 120_000],
    ['١٢٠٠٫٥٠', 120_050],
    ['۱۲۰۰', 120_000],
    ['१२००', 120_000],
    ['0', 0],
  ])('reads %j', (text, fils) => {
    expect(value(amountCell(text))).toBe(fils);
  });

  it.each([
    ['1.500,00', /digits only/],
    ['1500,50', /point, not a comma/],
    ['-100', /below 0/],
    ['=1000*2', /digits only/],
    ['12.345', /two decimals/],
    ['abc', /digits only/],
    ['1,50,0', /digits only/],
  ])('refuses %j clearly', (text, why) => {
    expect(value(amountCell(text))).toMatch(why);
  });
});

describe('a month', () => {
  it.each([
    ['2024-03', '2024-03'],
    ['2024-3', '2024-03'],
    ['2024/03', '2024-03'],
    ['2024-03-01', '2024-03'],
    ['03/2024', '2024-03'],
    ['Mar-24', '2024-03'],
    ['March 2024', '2024-03'],
    ['sept 2024', '2024-09'],
    ['٢٠٢٤-٠٣', '2024-03'],
  ])('reads %j', (text, period) => {
    expect(value(monthCell(text))).toBe(period);
  });

  it.each(['01/03/2024', '2024-13', 'soon', '', '3/1/24'])('refuses %j', (text) => {
    expect(value(monthCell(text))).toMatch(/^refused: /);
  });
});

describe('the other cells', () => {
  it('reads a language by its code or name, English when empty', () => {
    expect(value(languageCell(''))).toBe('en');
    expect(value(languageCell('ML'))).toBe('ml');
    expect(value(languageCell('Urdu'))).toBe('ur');
    expect(value(languageCell('العربية'))).toBe('ar');
    expect(value(languageCell('fr'))).toMatch(/en, ar, hi, ur, bn or ml/);
  });

  it('reads a whole number', () => {
    expect(value(wholeNumberCell('12'))).toBe(12);
    expect(value(wholeNumberCell('١٢'))).toBe(12);
    expect(value(wholeNumberCell('12.5'))).toMatch(/whole number/);
  });

  it('takes the marks out of a mobile number', () => {
    expect(mobileText('050-123-4567')).toBe('050 123 4567');
    expect(mobileText('+971 (50) 123.4567')).toBe('+971 50 123 4567');
  });
});
