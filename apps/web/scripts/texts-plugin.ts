import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

// The texts are written as ICU messages in JSON, one file per namespace and language:
// src/features/<namespace>/locales/<language>.json, and src/locales/<language>.json for
// `common`. Imported, such a file becomes what Lingui's runtime reads (lib/i18n.tsx): its texts
// flat, named `<namespace>.<key path>`, compiled here so that no ICU parser ships to the phones,
// with the English text wherever the language has none yet.

const TEXTS = /[\\/]src[\\/](?:features[\\/]([\w-]+)[\\/])?locales[\\/]([\w-]+)\.json$/;

type Nested = { [key: string]: string | Nested };
type Compiled = ReturnType<typeof compileMessageOrThrow>;

/** Where a namespace's texts in a language are. */
export function textsFile(src: string, namespace: string, language: string): string {
  return namespace === 'common'
    ? path.join(src, 'locales', `${language}.json`)
    : path.join(src, 'features', namespace, 'locales', `${language}.json`);
}

/** `{ a: { b: 'x' } }` as `{ 'a.b': 'x' }`. */
export function flatten(texts: Nested, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else Object.assign(flat, flatten(value, `${prefix}${key}.`));
  }
  return flat;
}

const readTexts = (file: string): Record<string, string> =>
  fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Nested) : {};

export function compileTexts(
  src: string,
  namespace: string,
  language: string,
): Record<string, Compiled> {
  const english = readTexts(textsFile(src, namespace, 'en'));
  const own = readTexts(textsFile(src, namespace, language));
  const compiled: Record<string, Compiled> = {};
  for (const [key, text] of Object.entries({ ...english, ...own })) {
    try {
      // A list even for a text without placeholders: Lingui takes a bare string for a message
      // it has to compile, which it cannot in the browser.
      compiled[`${namespace}.${key}`] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${namespace}/${language}: ${key}: ${(error as Error).message}`);
    }
  }
  return compiled;
}

export function texts(): Plugin {
  return {
    name: 'jamiya-texts',
    enforce: 'pre',
    load(id) {
      const match = TEXTS.exec(id);
      if (!match) return null;
      const src = id.slice(0, id.lastIndexOf(`${path.sep}src${path.sep}`) + 5);
      const [, namespace = 'common', language = 'en'] = match;
      // Every file of the namespace feeds this one (the English fallback).
      this.addWatchFile(textsFile(src, namespace, 'en'));
      // Still JSON: Vite's own plugin makes it a module.
      return JSON.stringify(compileTexts(src, namespace, language));
    },
  };
}
