import { readFileSync } from 'node:fs';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '@jamiya/contracts/languages';
import { formatMoney } from '@jamiya/money/format';
import { formatDay, formatMoment, formatMonth } from '@jamiya/money/dates';
import { TEXT_FEATURES } from './catalogs.ts';

// What the server writes for people to read, in their language (docs/languages.md), through
// Lingui's extract and its catalogs (decision 046), flat JSON per language: a feature's in
// src/features/<feature>/locales/, the rest of the server's in src/locales/, the shared schemas'
// in packages/contracts/src/locales/ (the web app reads those too). Two kinds of ids:
// - sentences: the API's messages and the shared schemas' field errors, written in English where
//   they are raised and marked `/*i18n*/` for extract; looked up by that English;
// - keyed texts: notifications, mails, statements and the books' accounts, read with
//   `textsIn(language)._('<feature>.<key>', values)`, the id written whole at the call.

export type TextId = `${(typeof TEXT_FEATURES)[number]}.${string}`;

// A sentence and its values are plain data, apart from the catalogs: a pool thread reads them
// without loading every catalog (lib/sentence.ts).
export {
  aed,
  sentence,
  type Say,
  type Sentence,
  type TextValue,
  type TextValues,
} from './sentence.ts';
import type { Say, TextValue, TextValues } from './sentence.ts';

type Catalog = Record<string, string>;

// Every language has every file (test/texts.test.ts): one that does not load, or does not parse,
// stops the start rather than serving English unnoticed. A text left empty (as extract leaves a
// new one in the other languages) is missing: English stands for it. Read at once, without a
// top-level await, so that a pool thread run from the sources (tsx loads it as CommonJS) can
// read them too; from the sources beside this module, or beside the built server's dist/.
const SOURCES = sourcesBeside(import.meta.url);

/** The server's src/ folder, seen from a module of src/lib/ or of the bundle in dist/. */
export function sourcesBeside(moduleUrl: string): URL {
  // The module's own folder, not its whole path: a checkout may sit under a folder named dist.
  const inDist = new URL('.', moduleUrl).pathname.endsWith('/dist/');
  return new URL(inDist ? '../src/' : '../', moduleUrl);
}

function readCatalog(path: string, into: Catalog) {
  const catalog = JSON.parse(readFileSync(new URL(path, SOURCES), 'utf8')) as Catalog;
  for (const [id, text] of Object.entries(catalog)) if (text !== '') into[id] = text;
}

function textsOf(language: Language): Catalog {
  const texts: Catalog = {};
  readCatalog(`../../../packages/contracts/src/locales/${language}.json`, texts);
  readCatalog(`locales/${language}.json`, texts);
  for (const feature of TEXT_FEATURES)
    readCatalog(`features/${feature}/locales/${language}.json`, texts);
  return texts;
}

function compile(texts: Record<string, string>, language: Language): Messages {
  const messages: Messages = {};
  for (const [id, text] of Object.entries(texts)) {
    try {
      messages[id] = compileMessage(text);
    } catch (error) {
      throw new Error(`${language}: ${id}: ${(error as Error).message}`);
    }
  }
  return messages;
}

// Every language's texts are read once, at start: a few dozen KB.
const english = textsOf('en');
const readers = new Map<Language, I18n>();
for (const language of LANGUAGES) {
  const own = language === 'en' ? english : { ...english, ...textsOf(language) };
  // Latin digits in every language, as on the pages (docs/languages.md).
  const locale = `${language}-u-nu-latn`;
  readers.set(language, setupI18n({ locale, messages: { [locale]: compile(own, language) } }));
}

function formatValue(value: TextValue, language: Language): string | number {
  if (typeof value !== 'object') return value;
  if ('fils' in value) return formatMoney(value.fils, language);
  if ('month' in value) return formatMonth(value.month, language);
  if ('day' in value) return formatDay(value.day, language);
  if ('anyOf' in value)
    return new Intl.ListFormat(language, { type: 'disjunction' }).format(value.anyOf.map(String));
  return formatMoment(value.at, language);
}

function formatValues(values: TextValues | undefined, language: Language) {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, formatValue(value, language)]),
  );
}

/** The keyed texts (notifications, mails, statements, the books' accounts) of a language. */
export interface Texts {
  /** A text by its id, with its values; English when the language has none. */
  _(id: TextId, values?: TextValues): string;
}

/**
 * The keyed texts in a language, each with `values` put in besides its own (the loans' charge,
 * that a statement's texts all read). Read them as `const i18n = textsIn(language)` and
 * `i18n._('statement.pdf.title')`: Lingui's extract finds the ids so.
 */
export function textsIn(language: Language, values?: TextValues): Texts {
  const reader = readers.get(language)!;
  return {
    _(id, own) {
      if (reader.messages[id] === undefined) throw new Error(`No text ${id}`);
      return reader._(id, formatValues(values ? { ...values, ...own } : own, language));
    },
  };
}

/**
 * A sentence in a language. One that no catalog knows comes back as it is: a reason someone
 * typed keeps its braces. One with values is English from the code and is filled in.
 */
export function translate(language: Language, say: Say): string {
  const { message, values } = typeof say === 'string' ? { message: say, values: undefined } : say;
  const reader = readers.get(language)!;
  if (reader.messages[message] === undefined) {
    if (!values) return message;
    reader.load(reader.locale, { [message]: compileMessage(message) });
  }
  return reader._(message, formatValues(values, language));
}
