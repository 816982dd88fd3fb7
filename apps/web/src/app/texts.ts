import type { Messages } from '@lingui/core';

// Every namespace's texts in every language, each a file of its own, fetched when a page asks
// for it (app/i18n.ts). In a module of its own, loaded with the first texts asked for: the table
// of their files (120 of them) stays out of the landing page's first load.
// Named from src/ (`features/dues/locales/hi.json`), short: the table counts in every route's load.
const files = import.meta.glob<{ default: Messages }>(
  [
    './features/*/locales/*.json',
    '!./features/admin*/locales/*.json',
    './locales/*.json',
    '!./features/layout/locales/en.json',
    '!./features/landing/locales/en.json',
    '!./locales/en.json',
  ],
  { base: '../' },
);

// The shared schemas' sentences (`messages`), keyed by their English: English needs no file.
const sentences = import.meta.glob<{ default: Messages }>([
  '../../../../packages/contracts/src/locales/*.json',
  '!../../../../packages/contracts/src/locales/en.json',
]);

/**
 * A namespace's texts in a language; in English where the language has none (the treasurer's
 * pages are in English and Arabic only); none for English `messages`, whose keys are their own
 * English text.
 */
export async function loadTexts(language: string, namespace: string): Promise<Messages> {
  // The treasurer's namespaces have a table of their own (admin-texts.ts).
  const table = namespace.startsWith('admin')
    ? (await import('./admin-texts.ts')).adminFiles
    : files;
  const file = (lng: string) =>
    namespace === 'messages'
      ? sentences[`../../../../packages/contracts/src/locales/${lng}.json`]
      : table[
          namespace === 'common'
            ? `./locales/${lng}.json`
            : `./features/${namespace}/locales/${lng}.json`
        ];
  const load = file(language) ?? file('en');
  return load ? (await load()).default : {};
}
