import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// Issue 34, point 9: the association chooses whether the loans' 7 % is called interest or a
// service charge (settings `loan_charge`). Texts that name it choose with
// `{charge, select, service_charge {…} other {…}}`; with a service charge, no text in any
// catalog, web or server, may say interest (riba, to many members) in any branch it can show.

/** Words for interest, per language (the glossary's and their forms). */
const INTEREST: Record<string, RegExp> = {
  en: /\binterest/i,
  ar: /فائد|فوائد|(?<!\p{L})ربا/u,
  ur: /سود|(?<!\p{L})ربا/u,
  hi: /ब्याज|सूद/,
  bn: /সুদ/,
  ml: /പലിശ/,
};

/** The choice itself, in the treasurer's settings, names both. */
const NAMING_BOTH = new Set([
  'admin-books.settings.policy.charge.interest',
  'admin-books.settings.policy.chargeCalledHint',
]);

/** Namespaces drawn ahead of time, before any settings: they must not need the choice. */
const DRAWN_BEFORE_SETTINGS = ['features/landing/', 'features/public/', 'features/layout/'];

/** A compiled message (`compileMessage`): a string, or parts, each a string or an argument. */
type Message = string | Part[];
type Part = string | [name: string, kind?: string, branches?: Record<string, Message> | string];

/** Every text a message can show when `charge` is `service_charge`, its branches joined. */
function shown(message: Message): string {
  if (typeof message === 'string') return message;
  return message
    .map((part) => {
      if (typeof part === 'string') return part;
      const [name, kind, branches] = part;
      if (typeof branches !== 'object') return ''; // a value: {amount}, {count, number}
      if (name === 'charge' && kind === 'select')
        return shown(branches.service_charge ?? branches.other!);
      return Object.values(branches)
        .filter((branch) => branch !== undefined) // a plural's offset
        .map(shown)
        .join(' | ');
    })
    .join('');
}

const usesCharge = (text: string) => /\{\s*charge\s*,\s*select\s*,/.test(text);

const catalogs = execFileSync('git', ['ls-files', '*/locales/*.json'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\/locales\/[a-z]{2}\.json$/.test(file));

// Flat, as Lingui's extract writes them: an id to its text.
const read = (file: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const languageOf = (file: string) => path.basename(file, '.json');

describe('the loans’ charge, called interest or a service charge', () => {
  it('finds the catalogs', () => {
    expect(catalogs.length).toBeGreaterThan(60);
  });

  it.each(catalogs)(
    '%s says no interest where the association calls it a service charge',
    (file) => {
      const words = INTEREST[languageOf(file)]!;
      const saying: string[] = [];
      for (const [key, text] of Object.entries(read(file))) {
        if (NAMING_BOTH.has(key) && file.includes('/admin-books/')) continue;
        const visible = shown(compileMessage(text) as Message);
        if (words.test(visible)) saying.push(`${key}: ${visible}`);
      }
      expect(saying).toEqual([]);
    },
  );

  it.each(catalogs.filter((file) => languageOf(file) !== 'en'))(
    '%s chooses the word wherever English does',
    (file) => {
      const english = read(file.replace(/[a-z]{2}\.json$/, 'en.json'));
      const own = read(file);
      const missing = Object.keys(english).filter(
        (key) => own[key] !== undefined && usesCharge(english[key]!) && !usesCharge(own[key]!),
      );
      expect(missing).toEqual([]);
    },
  );

  it('leaves the pages drawn before the settings come without the choice', () => {
    const drawn = catalogs.filter((file) =>
      DRAWN_BEFORE_SETTINGS.some((dir) => file.includes(dir)),
    );
    expect(drawn.length).toBeGreaterThan(0);
    const choosing = drawn.flatMap((file) =>
      Object.entries(read(file))
        .filter(([, text]) => usesCharge(text))
        .map(([key]) => `${file}: ${key}`),
    );
    expect(choosing).toEqual([]);
  });
});
