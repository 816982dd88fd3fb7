// Every sentence the server and the shared schemas write for people has its translation in each
// language, and each language holds no more than those (issue 23): a catalog key is the English
// sentence itself, so a sentence changed in the code shows here as one missing and one unused.
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jamiya/contracts/languages';
import { collectSentences, ROOT, type Collected } from './sentences/collect-sentences.ts';

// The shared schemas' sentences are in their own catalog, which the web app loads too; the
// server's own stay on the server.
const CATALOGS = {
  schemas: 'packages/contracts/src/locales',
  server: 'apps/server/src/locales',
} as const;
type Catalog = keyof typeof CATALOGS;
const catalogOf = (language: string, catalog: Catalog): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(ROOT, CATALOGS[catalog], `${language}.json`), 'utf8'));
const bothCatalogsOf = (language: string) => ({
  ...catalogOf(language, 'schemas'),
  ...catalogOf(language, 'server'),
});
/** A sentence written in the shared schemas goes to their catalog. */
const catalogFor = (at: string[]): Catalog =>
  at.some((place) => /^(packages\/contracts|apps\/web)\//.test(place)) ? 'schemas' : 'server';

type Compiled = ReturnType<typeof compileMessage>;

/** The values a text reads, each with how: "amount", "count:plural", "state:select". */
function placeholdersOf(compiled: Compiled, into = new Set<string>()): Set<string> {
  // A plural's options hold its offset too, a number or undefined.
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    const [name, type, options] = token as [string, string?, Record<string, Compiled>?];
    into.add(type ? `${name}:${type}` : name);
    for (const option of Object.values(options ?? {})) placeholdersOf(option, into);
  }
  return into;
}

// Amounts, dates and counts are in Latin digits in every language, as on the receipts.
const NATIVE_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0d66-\u0d6f]/;

function compiles(text: string): string | null {
  try {
    compileMessage(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the sentences for readers', () => {
  let found: Collected;
  // Reading the sources with the compiler takes some seconds.
  beforeAll(() => {
    found = collectSentences();
  }, 120_000);

  it('are all written whole, never built from values at run time', () => {
    expect(found.unreadable).toEqual([]);
    expect(found.sentences.size).toBeGreaterThan(200);
  });

  it('are valid messages in English', () => {
    const broken = [...found.sentences.keys()].flatMap((text) => {
      const error = compiles(text);
      return error ? [`${text}: ${error}`] : [];
    });
    expect(broken).toEqual([]);
    // English reads the sentences as they are written.
    expect(bothCatalogsOf('en')).toEqual({});
  });

  describe.each(LANGUAGES.filter((language) => language !== 'en'))('in %s', (language) => {
    it.each(Object.keys(CATALOGS) as Catalog[])('has every sentence of %s and no other', (name) => {
      const catalog = catalogOf(language, name);
      const own = [...found.sentences].filter(([, at]) => catalogFor(at) === name);
      const missing = own
        .filter(([text]) => catalog[text] === undefined)
        .map(([text, at]) => `${text} (${at.join(', ')})`);
      const unused = Object.keys(catalog).filter((text) => !own.some(([mine]) => mine === text));
      expect({ missing, unused }).toEqual({ missing: [], unused: [] });
    });

    it('has texts that compile and read the same values as the English', () => {
      const wrong = Object.entries(bothCatalogsOf(language)).flatMap(([english, text]) => {
        const error = compiles(text);
        if (error) return [`${text}: ${error}`];
        if (NATIVE_DIGITS.test(text)) return [`${text}: digits other than Latin`];
        if (compiles(english)) return [];
        const want = [...placeholdersOf(compileMessage(english))].sort();
        const got = [...placeholdersOf(compileMessage(text))].sort();
        return want.join() === got.join() ? [] : [`${text}: reads ${got}, not ${want}`];
      });
      expect(wrong).toEqual([]);
    });
  });
});
