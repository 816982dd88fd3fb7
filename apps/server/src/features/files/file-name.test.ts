import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_FILE_NAME_LENGTH } from './file-name.ts';

describe('cleanFileName', () => {
  it.each([
    ['a NUL', 'r\u0000.jpg', 'r.jpg'],
    ['other C0 and C1 controls and DEL', '\u0007re\u001bce\u0085ipt\u007f.pdf', 'receipt.pdf'],
    ['a line break', 'receipt\r\n.jpg', 'receipt.jpg'],
    ['a right-to-left override', 'invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['bidi isolates and marks', '\u2066a\u2069\u200Fb\u200E\u061C.jpg', 'ab.jpg'],
    ['a zero-width space and a BOM', 'a\u200Bb\uFEFF.png', 'ab.png'],
    ['line and paragraph separators', 'a\u2028b\u2029.png', 'ab.png'],
    ['an unpaired surrogate', 'a\uD800b.jpg', 'ab.jpg'],
  ])('drops %s', (_what, name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });

  it('keeps letters of any script, emoji and the joiners U+200C and U+200D', () => {
    for (const name of [
      'إيصال يناير.jpg',
      'می\u200Cخواهم.pdf',
      'क्\u200Dष.png',
      '👨\u200D👩\u200D👧.jpg',
      'reçu 2026.pdf',
    ]) {
      expect(cleanFileName(name)).toBe(name);
    }
  });

  it('gives null for nothing, or nothing left', () => {
    expect(cleanFileName(null)).toBeNull();
    expect(cleanFileName(undefined)).toBeNull();
    expect(cleanFileName('')).toBeNull();
    expect(cleanFileName('\u0000\u202E  ')).toBeNull();
  });

  it('keeps at most 200 characters, never splitting one', () => {
    expect(cleanFileName('a'.repeat(300))).toHaveLength(MAX_FILE_NAME_LENGTH);
    const emoji = cleanFileName('😀'.repeat(300))!;
    expect(Array.from(emoji)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(emoji).not.toMatch(/\p{Cs}/u);
  });

  it('never leaves a control, format or unpaired surrogate character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (name) => {
        const cleaned = cleanFileName(name);
        if (cleaned === null) return;
        expect(cleaned).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}]/u);
        expect(cleaned.replace(/[\u200C\u200D]/g, '')).not.toMatch(/\p{Cf}/u);
        expect(cleaned).not.toMatch(/\p{Cs}/u);
      }),
    );
  });
});
