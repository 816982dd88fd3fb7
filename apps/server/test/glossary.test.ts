// One word for one thing (docs/glossary.md), in every catalog the app has: the server's, the
// web app's and the shared schemas'. Issue 50, points 18 to 20: five readers found words that
// had drifted (Arabic محجوز / محتجز, Hindi लोन / ऋण, Malayalam പിരിയുക / സംഘം വിടുക …) and a
// word for "at" written twice around a moment ("4:09 AM-ന്-ന്", "को … बजे … पर"). The glossary's
// table "Words the texts do not use" is read here: a catalog that uses one of them fails, naming
// the file, the text and the word. Every text that holds a moment is drawn as the app draws it
// (`formatMoment`), and fails if a word for "at", "on" or "until" follows the moment's own.
import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '@jamiya/money/dates';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every catalog file, `…/locales/<language>.json`, under the server, the web app and contracts. */
function catalogFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (path.basename(dir) === 'locales' && /^[a-z]{2}\.json$/.test(entry.name))
        found.push(path.relative(ROOT, full));
    }
  };
  for (const dir of ['apps/server/src', 'apps/web/src', 'packages/contracts/src'])
    walk(path.join(ROOT, dir));
  return found.sort();
}

const catalogs = catalogFiles();
const languageOf = (file: string) => path.basename(file, '.json');
// Flat, as Lingui's extract writes them: an id to its text.
const read = (file: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

interface Rejected {
  languages: string[];
  word: string;
  pattern: RegExp;
  use: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A word of the table as a pattern: `{…}` is any placeholder; a word in Latin letters is
 * matched whole ("May", not "Mayor").
 */
function patternOf(word: string): RegExp {
  const source = word.split('{…}').map(escape).join('\\{\\w+\\}');
  return /^[A-Za-z]+$/.test(word)
    ? new RegExp(`(?<![A-Za-z])${source}(?![A-Za-z])`)
    : new RegExp(source, 'u');
}

/** The glossary's table of words the texts do not use: each row's languages, words and advice. */
function rejectedWords(): Rejected[] {
  const glossary = fs.readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
  const section = glossary.split(/^## /m).find((s) => s.startsWith('Words the texts do not use'));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(Language|-)/.test(line))
    .flatMap((line) => {
      const [languages = '', words = '', use = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return [...words.matchAll(/`([^`]+)`/g)].map(([, word]) => ({
        languages: languages.split(/,\s*/),
        word: word!,
        pattern: patternOf(word!),
        use,
      }));
    });
}

const REJECTED = rejectedWords();

describe('the glossary', () => {
  it('has its table of words the texts do not use, for every language but English', () => {
    expect(REJECTED.length).toBeGreaterThan(20);
    const covered = new Set(REJECTED.flatMap((r) => r.languages));
    expect([...covered].sort()).toEqual(['ar', 'bn', 'hi', 'ml', 'ur']);
  });

  it('finds the catalogs of the server, the web app and the shared schemas', () => {
    expect(catalogs.length).toBeGreaterThan(250);
    for (const part of ['apps/server/src/', 'apps/web/src/', 'packages/contracts/src/'])
      expect(
        catalogs.some((file) => file.startsWith(part)),
        part,
      ).toBe(true);
  });

  it.each(catalogs.filter((file) => REJECTED.some((r) => r.languages.includes(languageOf(file)))))(
    '%s uses the glossary’s words',
    (file) => {
      const rejected = REJECTED.filter((r) => r.languages.includes(languageOf(file)));
      const found: string[] = [];
      for (const [key, text] of Object.entries(read(file)))
        for (const { word, pattern, use } of rejected)
          if (pattern.test(text))
            found.push(`${file}: ${key}: “${word}” (the glossary says ${use})`);
      expect(found, found.join('\n')).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// A moment ("27 November 2026 at 4:09 AM") comes from Intl with its own word for "at" in every
// language: "को … बजे", "کو", "এ", "-ന്", "في". A text puts nothing of the kind after it.

/**
 * The texts the code fills with a moment (formatMoment on the server, formatDateTime on the web),
 * by their folder, id and the placeholder that holds it; `inside`: the moment is first drawn in
 * that text, which is then this one's value (a mail's "until {until}", "{until} (UAE time)").
 */
const MOMENTS: { folder: string; id: string; name: string; inside?: string }[] = [
  // apps/server/src/features/notifications/member-notices.ts, passwordLinkNotice
  {
    folder: 'apps/server/src/features/notifications',
    id: 'notifications.passwordLink.body',
    name: 'at',
  },
  {
    folder: 'apps/server/src/features/notifications',
    id: 'notifications.passwordLinkBy.body',
    name: 'at',
  },
  // apps/server/src/features/statement/statement-pdf.ts
  { folder: 'apps/server/src/features/statement', id: 'statement.pdf.issuedAt', name: 'at' },
  // apps/server/src/features/imports/apply.ts, refuseAppliedTwice
  {
    folder: 'apps/server/src/features/imports',
    id: 'This file was already imported: import {id}, applied on {at}, with the books opening on {asOf}.',
    name: 'at',
  },
  // apps/server/src/features/mail/messages.ts, formatUntil and passwordLinkMail
  { folder: 'apps/server/src/features/mail', id: 'mail.passwordLink.until', name: 'until' },
  {
    folder: 'apps/server/src/features/mail',
    id: 'mail.passwordLink.worksOnce',
    name: 'until',
    inside: 'mail.passwordLink.until',
  },
  // The web app's formatDateTime, in a text
  { folder: 'apps/web/src/features/dues', id: 'dues.waiting.keptAt', name: 'at' },
  { folder: 'apps/web/src/features/layout', id: 'layout.offline.figuresAsOf', name: 'at' },
  { folder: 'apps/web/src/features/admin', id: 'admin.proposal.proposedBy', name: 'date' },
  {
    folder: 'apps/web/src/features/admin-arrears',
    id: 'admin-arrears.list.lastReminder',
    name: 'date',
  },
  {
    folder: 'apps/web/src/features/admin-arrears',
    id: 'admin-arrears.list.contactChanged',
    name: 'date',
  },
  { folder: 'apps/web/src/features/admin-bank', id: 'admin-bank.summary.importedBy', name: 'date' },
  {
    folder: 'apps/web/src/features/admin-books',
    id: 'admin-books.settings.updatedAt',
    name: 'when',
  },
  { folder: 'apps/web/src/features/admin-members', id: 'admin-members.link.expires', name: 'when' },
  {
    folder: 'apps/web/src/features/admin-import',
    id: 'admin-import.invitations.kept',
    name: 'when',
  },
];

/** What may not follow a moment, its own word for "at" already said: per language. */
const AFTER_A_MOMENT: Record<string, string[]> = {
  en: ['at', 'on'],
  ar: ['في'],
  hi: ['को', 'पर', 'में', 'बजे'],
  ur: ['کو', 'پر', 'میں'],
  bn: ['-এ', 'এ', '-তে', 'তে'],
  ml: ['-ന്', 'ന്', 'വരെ', 'മുതൽ', '-ൽ', 'സമയത്ത്', 'സമയത്തേതാണ്'],
};

const MOMENT = new Date('2026-11-27T00:09:00Z'); // 4:09 AM in Dubai

/** A text drawn as the app draws it, with `values`, the others as plain words. */
function draw(text: string, language: string, values: Record<string, string>): string {
  const i18n = setupI18n({
    locale: language,
    messages: { [language]: { text: compileMessage(text) } },
  });
  const names = [...text.matchAll(/\{\s*(\w+)/g)].map(([, name]) => name!);
  return i18n._('text', {
    ...Object.fromEntries(names.map((n) => [n, 'X'])),
    confirmed: 'yes',
    ...values,
  });
}

/** The word that follows the moment in `drawn`, past a parenthesis ("(Dubai time)"). */
function wordAfter(drawn: string, moment: string): string {
  const rest = drawn.slice(drawn.indexOf(moment) + moment.length);
  return rest.replace(/^\s*(\([^)]*\)\s*)?/, '').match(/^-?[\p{L}\p{M}]+/u)?.[0] ?? '';
}

describe('a moment in a text', () => {
  const texts = MOMENTS.flatMap(({ folder, id, name, inside }) => {
    const dir = path.join(folder, 'locales');
    return catalogs
      .filter((file) => path.dirname(file) === dir)
      .map((file) => ({ file, id, name, inside, language: languageOf(file) }));
  });

  it('is found in every text the code fills with one', () => {
    for (const { folder, id } of MOMENTS) {
      const english = read(path.join(folder, 'locales', 'en.json'));
      expect(english[id], `${folder}: ${id}`).toBeDefined();
    }
    expect(texts.length).toBeGreaterThan(MOMENTS.length * 2);
  });

  it.each(texts)('$file: $id says its "at" once', ({ file, id, name, inside, language }) => {
    const catalog = read(file);
    const moment = formatMoment(MOMENT, language);
    const own = inside ? draw(catalog[inside]!, language, { [name]: moment }) : moment;
    const drawn = draw(catalog[id]!, language, { [name]: own });
    expect(drawn).toContain(moment);
    const after = wordAfter(drawn, moment);
    expect(AFTER_A_MOMENT[language], `${file}: ${id}: “${drawn}”`).not.toContain(after);
  });
});
