import { describe, expect, it } from 'vitest';
import { requestLanguage } from './language.ts';

const language = (headers: Record<string, string>) => requestLanguage({ headers });

describe('the language of a request', () => {
  it('is the first of Accept-Language the app speaks, by its primary subtag', () => {
    expect(language({ 'accept-language': 'hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7' })).toBe('hi');
    expect(language({ 'accept-language': 'fr-FR,ml;q=0.5' })).toBe('ml');
    expect(language({ 'accept-language': 'en;q=0.4,ur-PK;q=0.9' })).toBe('ur');
  });

  it("is the visitor's kept choice before the browser's languages", () => {
    expect(language({ cookie: 'x=1; lang=ar', 'accept-language': 'bn' })).toBe('ar');
    expect(language({ cookie: 'lang=fr', 'accept-language': 'bn' })).toBe('bn');
  });

  it('is English without anything the app speaks', () => {
    expect(language({})).toBe('en');
    expect(language({ 'accept-language': 'fr, de;q=0.5' })).toBe('en');
    expect(language({ 'accept-language': ';;;,,q=x' })).toBe('en');
  });
});
