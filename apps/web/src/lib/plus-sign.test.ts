import { describe, expect, it } from 'vitest';
import { plusSign } from './plus-sign.ts';

describe('plusSign', () => {
  it('is a bare plus left to right', () => {
    expect(plusSign('en-u-nu-latn')).toBe('+');
  });

  it('keeps its place before the digits right to left (a left-to-right mark first)', () => {
    expect(plusSign('ar-u-nu-latn')).toBe('\u200e+');
    expect(plusSign('ur-u-nu-latn')).toBe('\u200e+');
  });
});
