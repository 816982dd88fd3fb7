// Every catalog the server reads (decision 046): each language has every text of the English,
// each compiles, reads the same values and has every plural form its language's rules need
// (docs/languages.md). `npm run texts:check` holds the catalogs to the code; this holds each
// translation to its English.
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jamiya/contracts/languages';
import { TEXT_FEATURES } from '../src/lib/catalogs.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CATALOGS: Record<string, string> = {
  'the shared schemas': 'packages/contracts/src/locales',
  "the server's plugins": 'apps/server/src/locales',
  ...Object.fromEntries(
    TEXT_FEATURES.map((feature) => [feature, `apps/server/src/features/${feature}/locales`]),
  ),
};

const read = (folder: string, language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(ROOT, folder, `${language}.json`), 'utf8'));

/** A keyed text's id, `<feature>.<key>`, as against a sentence whose id is its English. */
const KEYED = /^[a-z]+(\.\w+)+$/;

/** A text's placeholders with how each is read ("count:plural"), and the forms of each plural. */
function shape(text: string): { names: string[]; plurals: string[][] } {
  const names = new Set<string>();
  const plurals: string[][] = [];
  const walk = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, type, cases] = part as [string, string?, Record<string, unknown>?];
      names.add(type ? `${name}:${type}` : name);
      if (type === 'plural') plurals.push(Object.keys(cases ?? {}).filter((k) => k !== 'offset'));
      if (cases) Object.values(cases).forEach(walk);
    }
  };
  walk(compileMessage(text));
  return { names: [...names].sort(), plurals };
}

/** Counts enough to meet every plural form of the six languages. */
const COUNTS = Array.from({ length: 201 }, (_, n) => n);

// Amounts, dates and counts are in Latin digits in every language, as on the receipts.
const NATIVE_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0d66-\u0d6f]/;

describe.each(Object.entries(CATALOGS))('the texts of %s', (name, folder) => {
  const english = read(folder, 'en');

  it('have their English, a keyed text named by its feature', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(Object.entries(english).filter(([, text]) => !text)).toEqual([]);
    const feature = folder.match(/features\/([^/]+)\//)?.[1];
    const keyed = Object.keys(english).filter((id) => KEYED.test(id));
    if (!feature) expect(keyed).toEqual([]);
    else expect(keyed.filter((id) => !id.startsWith(`${feature}.`))).toEqual([]);
    // A sentence is its own English.
    const sentences = Object.entries(english).filter(([id]) => !KEYED.test(id));
    expect(sentences.filter(([id, text]) => id !== text)).toEqual([]);
    for (const text of Object.values(english)) expect(() => shape(text), text).not.toThrow();
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'are all in %s, with their placeholders and plural forms',
    (language) => {
      const own = read(folder, language);
      expect(Object.keys(own).sort(), name).toEqual(Object.keys(english).sort());
      // Extract leaves a new text empty in the other languages: it is missing (English stands).
      expect(Object.keys(own).filter((id) => !own[id])).toEqual([]);
      expect(Object.values(own).filter((text) => NATIVE_DIGITS.test(text))).toEqual([]);
      const rules = new Intl.PluralRules(language);
      for (const [id, text] of Object.entries(own)) {
        const theirs = shape(text);
        expect([id, theirs.names]).toEqual([id, shape(english[id]!).names]);
        // Each count a plural can be given is read by an exact case (=1, compiled "1") or its form.
        for (const forms of theirs.plurals) {
          const needed = new Set(
            COUNTS.filter((n) => !forms.includes(String(n))).map((n) => rules.select(n)),
          );
          expect(
            [...needed].filter((form) => !forms.includes(form)),
            id,
          ).toEqual([]);
        }
      }
    },
  );
});
