import { afterEach, expect, it, vi } from 'vitest';
import { pageLanguage } from './languages.ts';

// Which language the app starts in (docs/languages.md): the one its HTML was drawn in, else,
// for index.html (the same in every language), the kept choice, then the browser's.
const html = document.documentElement;
const langBefore = html.lang;

afterEach(() => {
  html.lang = langBefore;
  delete html.dataset.language;
});

it('starts in the language the server drew the page in', () => {
  html.lang = 'hi';
  localStorage.setItem('lang', 'ur');
  expect(pageLanguage()).toBe('hi');
});

it('starts index.html, sent for any path no route knows, in the kept choice', () => {
  html.dataset.language = 'any';
  localStorage.setItem('lang', 'ur');
  expect(pageLanguage()).toBe('ur');
});

it("starts index.html in the browser's language when none was chosen", () => {
  html.dataset.language = 'any';
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ml-IN', 'en']);
  expect(pageLanguage()).toBe('ml');
});
