import { describe, expect, it } from 'vitest';
import { accountNumberIn, instructionLines, lineParts } from './instruction-lines.ts';

describe('accountNumberIn', () => {
  it.each([
    ['IBAN AE07 0331 2345 6789 0123 456', 'AE070331234567890123456'],
    ['Botim to Fatima: 050 123 9876', '0501239876'],
    ['Account 1234567890', '1234567890'],
    ['Exchange house code 123456', '123456'],
  ])('finds the number in "%s"', (line, number) => {
    expect(accountNumberIn(line)).toBe(number);
  });

  it.each([
    'Bank transfer to Emirates NBD, account name "Jamiya Savings Association"',
    'Write your member ID (JM…) in the note, by the 5th of 2026',
    'Office hours 10 12 to 14',
    '',
  ])('finds none in "%s"', (line) => {
    expect(accountNumberIn(line)).toBeNull();
  });
});

describe('instructionLines', () => {
  it('keeps the non-empty lines, trimmed, each with its number', () => {
    expect(instructionLines('  Emirates NBD \r\n\n IBAN AE07 0331 2345 6789 0123 456\n')).toEqual([
      { text: 'Emirates NBD', number: null },
      { text: 'IBAN AE07 0331 2345 6789 0123 456', number: 'AE070331234567890123456' },
    ]);
  });
});

describe('lineParts', () => {
  it('cuts a line around its account numbers, a phone number with its "+"', () => {
    expect(lineParts('IBAN AE07 0331 2345 6789 0123 456 (Emirates NBD)')).toEqual([
      { text: 'IBAN ', isNumber: false },
      { text: 'AE07 0331 2345 6789 0123 456', isNumber: true },
      { text: ' (Emirates NBD)', isNumber: false },
    ]);
    expect(lineParts('Botim: +971 50 123 9876')).toEqual([
      { text: 'Botim: ', isNumber: false },
      { text: '+971 50 123 9876', isNumber: true },
    ]);
  });

  it('leaves a line without an account number whole', () => {
    expect(lineParts('Pay by the 5th, 10 to 14')).toEqual([
      { text: 'Pay by the 5th, 10 to 14', isNumber: false },
    ]);
  });
});
