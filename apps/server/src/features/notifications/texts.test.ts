import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jamiya/contracts/languages';
import { FEATURES } from '../../lib/i18n.ts';
import { EARLIER_TEXTS } from './texts.ts';

// The keyed texts (notifications, mails, statements) are in every language, each with the
// placeholders of its English and every plural form the language's own rules need
// (docs/languages.md).

const features = path.resolve(import.meta.dirname, '..');

// Flat, as Lingui's extract writes them: `<feature>.<key>` to the text.
const read = (feature: string, language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(features, feature, 'locales', `${language}.json`), 'utf8'));

/** A text's placeholders (sorted), and the forms of each of its plurals. */
function shape(text: string): { names: string[]; plurals: string[][] } {
  const names = new Set<string>();
  const plurals: string[][] = [];
  const walk = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, type, cases] = part as [string, string?, Record<string, unknown>?];
      names.add(name);
      if (type === 'plural') plurals.push(Object.keys(cases ?? {}).filter((k) => k !== 'offset'));
      if (cases) Object.values(cases).forEach(walk);
    }
  };
  walk(compileMessage(text));
  return { names: [...names].sort(), plurals };
}

describe.each(FEATURES)('the texts of %s', (feature) => {
  const english = read(feature, 'en');

  it('are named by their feature, each with its English', () => {
    expect(Object.keys(english).filter((id) => !id.startsWith(`${feature}.`))).toEqual([]);
    expect(Object.entries(english).filter(([, text]) => !text)).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'are all in %s, with their placeholders',
    (language) => {
      const own = read(feature, language);
      expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
      // Extract leaves a new text empty in the other languages: it is missing (English stands).
      expect(Object.keys(own).filter((id) => !own[id])).toEqual([]);
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, text] of Object.entries(own)) {
        const theirs = shape(text);
        expect([key, theirs.names]).toEqual([key, shape(english[key]!).names]);
        for (const forms of theirs.plurals)
          expect(
            needed.filter((form) => !forms.includes(form)),
            key,
          ).toEqual([]);
      }
    },
  );
});

it('has a title and a body for each notification, and each is one the code writes', () => {
  const english = Object.fromEntries(
    Object.entries(read('notifications', 'en')).map(([id, text]) => [
      id.slice('notifications.'.length),
      text,
    ]),
  );
  const texts = [...new Set(Object.keys(english).map((key) => key.split('.')[0]!))];
  const code = fs.readFileSync(path.join(features, 'notifications', 'texts.ts'), 'utf8');
  for (const id of texts) {
    // In extract's order (by id).
    expect(Object.keys(english).filter((key) => key.startsWith(`${id}.`))).toEqual([
      `${id}.body`,
      `${id}.title`,
    ]);
    // Texts kept for the rows written before (asWritten: migration 0013) are read, not written.
    if (!(EARLIER_TEXTS as readonly string[]).includes(id)) expect(code, id).toContain(`'${id}'`);
  }
});
