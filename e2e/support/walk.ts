import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures.ts';
import { sideways } from './overflow.ts';

// Walks pages as a reader of one language sees them and lists what is wrong with their words
// (specs/languages.spec.ts, specs/pseudo.spec.ts): a raw key, an English word outside the data,
// a page that scrolls sideways. The data is every string the API sent the page (names, e-mails,
// what people typed): shown as typed, in no language of ours.

/**
 * Words written in Latin letters in every language: the association's name, the currency, file
 * kinds, the brands of payment and phone operators, keys of the keyboard, the language menu's
 * "English".
 */
const SAME_IN_EVERY_LANGUAGE = new Set(
  [
    'Jamiya AED PDF CSV IBAN English',
    'WhatsApp Botim Airtel Jio Vi BSNL',
    'Ctrl Alt Enter',
    // A spreadsheet's kinds, and the month as its cells are written (the import, issue 36).
    'Excel XLSX YYYY MM',
    // A bank statement's formats, and the day as ISO writes it (bank statements, issue 37).
    'camt XML DD',
    // A receipt's file kinds (the own books' evidence, issue 49).
    'JPEG PNG WebP HEIC',
  ].flatMap((words) => words.split(' ')),
);

/** What a page reads, as its reader sees it. */
export type Reading = {
  path: string;
  lang: string;
  dir: string;
  /**
   * Each visible text node, the page's title, and the labels of the visible elements, with
   * the whole text of the element the node is in (a name in "ID: JM0001" is a part of it).
   */
  texts: { text: string; whole: string }[];
  links: string[];
  scrollWidth: number;
  wide: string[];
};

export type Walker = {
  page: Page;
  /** Opens `path` and reads it once its requests are done and no loading state shows. */
  read: (path: string) => Promise<Reading>;
  /** Every link seen on the pages read, for the routes that take a parameter. */
  links: Set<string>;
  /** Every string of every API answer so far. */
  data: Set<string>;
  /**
   * The words Intl writes in the page's language: month and day names, and the day periods,
   * which are in Latin letters in Hindi, Urdu, Bengali and Malayalam too (CLDR's "PM").
   */
  intlWords: Set<string>;
};

/** Reads the pages that `page` opens, keeping the API's strings as data. */
export function walker(page: Page): Walker {
  const data = new Set<string>();
  const links = new Set<string>();
  const intlWords = new Set<string>();
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('requestfinished', async (request) => {
    inFlight.delete(request);
    const response = await request.response();
    if (!response || !new URL(request.url()).pathname.startsWith('/api/')) return;
    if (!response.headers()['content-type']?.includes('json')) return;
    try {
      collectStrings(await response.json(), data);
    } catch {
      // the page went on meanwhile
    }
  });

  /** No request under way for a moment: the page has its code, texts and data. */
  const quiet = async () => {
    const until = Date.now() + 10_000;
    let since = Date.now();
    while (Date.now() - since < 250) {
      if (inFlight.size) since = Date.now();
      if (Date.now() > until) break; // a poll that never ends; what follows still waits
      await page.waitForTimeout(50);
    }
  };

  const read = async (path: string): Promise<Reading> => {
    await page.goto(path);
    await expect(page.locator('h1').first(), `${path} shows its heading`).toBeVisible();
    await quiet();
    await expect(
      page.locator('[class*="animate-spin-late"], [class*="animate-pulse-late"]'),
      `${path} is still loading`,
    ).toHaveCount(0);
    const reading = await page.evaluate(() => {
      const texts = [{ text: document.title, whole: document.title }];
      // translate="no" marks what is in no language (a name's initials).
      const isShown = (e: Element | null) =>
        !!e?.checkVisibility() && !e.closest('[translate="no"]');
      const tree = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = tree.nextNode(); node; node = tree.nextNode()) {
        const text = node.textContent?.trim();
        if (text && isShown(node.parentElement))
          texts.push({ text, whole: node.parentElement?.textContent?.trim() ?? text });
      }
      for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        if (!isShown(e)) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = e.getAttribute(name)?.trim();
          if (value) texts.push({ text: value, whole: value });
        }
      }
      const links = [...document.querySelectorAll('a[href^="/"]')].map(
        (a) => a.getAttribute('href') ?? '',
      );
      return {
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
        texts,
        links,
      };
    });
    for (const link of reading.links) links.add(link);
    if (!intlWords.size) for (const word of await wordsOfIntl(page)) intlWords.add(word);
    return { path, ...reading, ...(await sideways(page)) };
  };

  return { page, read, links, data, intlWords };
}

function wordsOfIntl(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const language = document.documentElement.lang;
    const words = new Set<string>();
    const formats: Intl.DateTimeFormatOptions[] = [
      { month: 'long' },
      { month: 'short' },
      { weekday: 'long' },
      { weekday: 'short' },
      { dateStyle: 'medium', timeStyle: 'short' },
      // A moment as the app writes it (packages/money/src/dates.ts): "… 2026 at 2:05 PM".
      { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' },
    ];
    for (let month = 0; month < 12; month++)
      for (const hour of [2, 14])
        for (const format of formats) {
          const text = new Intl.DateTimeFormat(language, { ...format, timeZone: 'UTC' }).format(
            new Date(Date.UTC(2026, month, 15, hour)),
          );
          for (const word of text.match(/\p{L}+/gu) ?? []) words.add(word);
        }
    return [...words];
  });
}

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, into);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) collectStrings(v, into);
}

// Routes the demo data may not link to, and the route whose link gives them their parameter:
// a conversation is linked once it has a message; any member has one, maybe empty.
const STAND_INS: Record<string, string> = { '/admin/messages/:memberId': '/admin/members/:id' };

const firstLink = (pattern: string, links: Set<string>) => {
  const re = new RegExp(`^${pattern.replace(/:\w+/g, '[^/?#]+')}$`);
  return [...links].find((link) => re.test(link));
};

/**
 * A route with a parameter (`/admin/loans/:id`) as the first link to it the walk has seen (the
 * walk reads the lists before).
 */
export function pathOf(pattern: string, links: Set<string>): string {
  const found = firstLink(pattern, links);
  if (found) return found;
  const standIn = STAND_INS[pattern] && firstLink(STAND_INS[pattern], links);
  if (standIn) return pattern.replace(/:\w+/, standIn.slice(standIn.lastIndexOf('/') + 1));
  throw new Error(`no page links to ${pattern}: the walk cannot open it`);
}

/**
 * A page's words that no text of ours made: raw keys (`nav.home`), and words in plain English
 * (unaccented Latin letters: in the five other languages' scripts, or in the pseudo-locale's
 * accented English, any such word came from elsewhere). The API's strings are data and left
 * out, whole or in part (the treasurer's payment instructions, cut around their numbers), but
 * not the one-word codes (`pending`): a code shown as it came is an untranslated word. A word
 * with digits (`AE46`, `JM0001`) is a code, not English.
 */
export function foreignWords(
  reading: Reading,
  { data, intlWords }: Pick<Walker, 'data' | 'intlWords'>,
): string[] {
  const shown = [...data]
    .filter((s) => s.length > 1 && /[A-Za-z]/.test(s) && !/^[a-z]+(?:_[a-z]+)*$/.test(s))
    .sort((a, b) => b.length - a.length);
  const found = new Set<string>();
  for (const { text, whole } of reading.texts) {
    // A part of a longer string of the API (a word or two of a line the page cut up).
    if (/\s/.test(whole) && shown.some((s) => s.includes(whole))) continue;
    let rest = text;
    for (const s of shown) if (rest.includes(s)) rest = rest.replaceAll(s, ' ');
    rest = rest.replace(/\S+@\S+\.\w+|https?:\/\/\S+/g, ' ');
    const key = /(?<![\w.])[a-z][a-zA-Z\d]*(?:\.[a-zA-Z][a-zA-Z\d]*)+(?![\w.])/.exec(rest);
    if (key) found.add(`raw key ${key[0]} in "${text}"`);
    const english = (rest.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter(
      (word) =>
        /^[A-Za-z]{2,}$/.test(word) && !SAME_IN_EVERY_LANGUAGE.has(word) && !intlWords.has(word),
    );
    if (english.length) found.add(`${english.join(' ')} in "${text}"`);
  }
  return [...found];
}

/** Where a page sticks out sideways. */
export function overflowOf(reading: Reading): string[] {
  return reading.scrollWidth > 0
    ? [`scrolls ${reading.scrollWidth} px sideways`, ...reading.wide]
    : reading.wide;
}

/** With E2E_SHOTS=<folder>, a screenshot of the page there, to look at (docs/languages.md). */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** `/user/my-loan` in Hindi: `hi-user-my-loan`. */
export const shotName = (language: string, route: string) =>
  `${language}-${route.slice(1).replace(/\W+/g, '-') || 'home'}`;
