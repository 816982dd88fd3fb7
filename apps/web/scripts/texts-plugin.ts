import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import pseudolocalize from 'pseudolocale';
import type { Plugin } from 'vite';

// The texts are ICU messages in flat JSON, one file per namespace and language, as Lingui's
// extract writes them (scripts/web-texts.mjs): src/features/<namespace>/locales/<language>.json,
// and src/locales/<language>.json for `common`, each id `<namespace>.<key>`. Imported, such a
// file becomes what Lingui's runtime reads (lib/i18n.tsx), compiled here so that no ICU parser
// ships to the phones, with the English text wherever the language has none yet.

// `messages`: the shared schemas' sentences, packages/contracts/src/locales/<language>.json,
// keyed by their English and read as `messages.<English>` (lib/messages.ts); the server reads
// the same files.
const MESSAGES = 'messages';
const TEXTS = /[\\/]src[\\/](?:features[\\/]([\w-]+)[\\/])?locales[\\/]([\w-]+)\.json$/;

type Compiled = ReturnType<typeof compileMessageOrThrow>;

/** Where a namespace's texts in a language are. */
export function textsFile(src: string, namespace: string, language: string): string {
  return namespace === 'common' || namespace === MESSAGES
    ? path.join(src, 'locales', `${language}.json`)
    : path.join(src, 'features', namespace, 'locales', `${language}.json`);
}

/** Every namespace with texts: `common` and each feature with an English file. */
export function namespacesIn(src: string): string[] {
  return [
    'common',
    ...fs
      .readdirSync(path.join(src, 'features'))
      .filter((feature) => fs.existsSync(textsFile(src, feature, 'en'))),
  ];
}

/**
 * With JAMIYA_PSEUDO=1, the English texts are built accented and a third longer ("Ḿōńţĥĺŷ
 * ƥàŷ"), so that a page walked in English shows any word that does not come from the texts
 * (e2e/specs/pseudo.spec.ts, docs/languages.md). Applied to the texts around the placeholders;
 * `<amount>` tags are kept as they are.
 */
const pseudoText = (text: string): string =>
  pseudolocalize(text, {
    prepend: '',
    append: '',
    startDelimiter: '<',
    endDelimiter: '>',
    extend: 0.34,
    extendCharacter: '~',
  });

/** A catalog's texts; an empty one is missing (extract leaves a new text empty). */
export function readTexts(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== ''));
}

export function compileTexts(
  src: string,
  namespace: string,
  language: string,
): Record<string, Compiled> {
  const english = readTexts(textsFile(src, namespace, 'en'));
  const own = language === 'en' ? {} : readTexts(textsFile(src, namespace, language));
  const isPseudo = process.env.JAMIYA_PSEUDO === '1';
  const compiled: Record<string, Compiled> = {};
  // The sentences are named by their English; the other ids name their namespace already.
  const prefix = namespace === MESSAGES ? `${MESSAGES}.` : '';
  for (const [id, text] of Object.entries({ ...english, ...own })) {
    try {
      // A list even for a text without placeholders: Lingui takes a bare string for a message
      // it has to compile, which it cannot in the browser.
      compiled[prefix + id] = compileMessageOrThrow(
        text,
        isPseudo && !(id in own) ? pseudoText : undefined,
      );
    } catch (error) {
      throw new Error(`${namespace}/${language}: ${id}: ${(error as Error).message}`);
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
      const isMessages = id.includes(`${path.sep}contracts${path.sep}src${path.sep}`);
      const [, namespace = isMessages ? MESSAGES : 'common', language = 'en'] = match;
      // Every file of the namespace feeds this one (the English fallback).
      this.addWatchFile(textsFile(src, namespace, 'en'));
      // Still JSON: Vite's own plugin makes it a module.
      return JSON.stringify(compileTexts(src, namespace, language));
    },
  };
}
