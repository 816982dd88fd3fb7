import { describe, expect, it } from 'vitest';
import { whatsAppLink, whatsAppNumber } from '../../../lib/whatsapp.ts';
import { toCsv } from './invitations.ts';

describe('an invitation by WhatsApp', () => {
  it.each([
    ['+971 50 123 4567', '971501234567'],
    ['00971 50 123 4567', '971501234567'],
    ['050 123 4567', '971501234567'],
    ['+91 98765 43210', '919876543210'],
    ['971501234567', '971501234567'],
    ['', null],
    [null, null],
    ['12', null],
  ])('writes to %s as %s', (mobile, number) => {
    expect(whatsAppNumber(mobile)).toBe(number);
  });

  it('carries the message, encoded', () => {
    expect(whatsAppLink('+971 50 123 4567', 'Hello & welcome: https://x.test/?a=1')).toBe(
      'https://wa.me/971501234567?text=Hello%20%26%20welcome%3A%20https%3A%2F%2Fx.test%2F%3Fa%3D1',
    );
    expect(whatsAppLink(null, 'Hello')).toBeNull();
  });
});

describe('the invitations as CSV', () => {
  it('starts with a byte order mark, quotes what needs it and defuses formulas', () => {
    expect(
      toCsv(
        ['Name', 'Mobile'],
        [
          ['=HYPERLINK("x")', '+971 50'],
          ['Rahman, Aisha', '-5'],
          ['@me', '\tx'],
        ],
      ),
    ).toBe(
      '\uFEFFName,Mobile\r\n"\'=HYPERLINK(""x"")",\'+971 50\r\n"Rahman, Aisha",-5\r\n\'@me,\'\tx\r\n',
    );
  });
});
