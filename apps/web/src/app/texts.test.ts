import fs from 'node:fs';
import path from 'node:path';
import { parse, type Content, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@jamiya/contracts/languages';
import { namespacesIn, readTexts, textsFile } from '../../scripts/texts-plugin.ts';

// Every language has every text of the pages it covers, with the same placeholders, tags and
// the plural forms its own rules need (docs/languages.md). The member's and the public pages
// are in all six languages, the treasurer's in English and Arabic.
const src = path.resolve(import.meta.dirname, '..');
const namespaces = namespacesIn(src);
const languagesOf = (namespace: string): readonly Language[] =>
  namespace.startsWith('admin') ? ['ar'] : LANGUAGES.filter((language) => language !== 'en');

const read = readTexts;

/** The placeholders, tags and plural or select arguments of a text, and its plural forms. */
function shape(text: string): { names: string[]; tags: string[]; forms: string[][] } {
  const names = new Set<string>();
  const forms: string[][] = [];
  const tags = new Set<string>();
  const walk = (tokens: Token[] | Content[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const [tag] of token.value.matchAll(/<\/?\w+>/g)) tags.add(tag);
      } else if (token.type === 'argument' || token.type === 'function') {
        names.add(token.arg);
      } else if (token.type === 'plural' || token.type === 'select') {
        names.add(token.arg);
        if (token.type === 'plural') forms.push(token.cases.map((c) => c.key));
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(text));
  return { names: [...names].sort(), tags: [...tags].sort(), forms };
}

describe.each(namespaces)('the texts of %s', (namespace) => {
  const english = read(textsFile(src, namespace, 'en'));

  it('are named by their namespace', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(Object.keys(english).filter((id) => !id.startsWith(`${namespace}.`))).toEqual([]);
  });

  it.each(languagesOf(namespace))('are all in %s, with their placeholders', (language) => {
    const file = textsFile(src, namespace, language);
    expect(fs.existsSync(file), `${path.relative(src, file)} is missing`).toBe(true);
    const own = read(file);
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, text] of Object.entries(own)) {
      const theirs = shape(text);
      const ours = shape(english[key]!);
      expect([key, theirs.names, theirs.tags]).toEqual([key, ours.names, ours.tags]);
      expect(text.trim(), key).not.toBe('');
      for (const forms of theirs.forms) {
        const missing = needed.filter((form) => !forms.includes(form));
        expect([key, missing]).toEqual([key, []]);
      }
    }
  });
});
