import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// The server's keyed texts (decision 046): Lingui's extract finds each `i18n._('<feature>.<key>')`
// in a feature's code and keeps its catalog, flat JSON per language, in
// src/features/<feature>/locales/<language>.json. `npm run texts:extract` writes them;
// `npm run texts:check` fails when the code and the catalogs differ, or when a text is missing in
// a language (LINGUI_STRICT: without the English fallback, so that compile --strict sees it).

const sources = (feature: string) => `<rootDir>/src/features/${feature}`;
const catalog = (feature: string, include: string[], exclude: string[] = []) => ({
  path: `${sources(feature)}/locales/{locale}`,
  include,
  exclude: ['**/*.test.ts', ...exclude],
});

// The movements are read on the statement, and written by the ledger's journal, which the books
// read too: their texts are the statement's.
const JOURNAL = `${sources('ledger')}/journal.ts`;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar', 'hi', 'ur', 'bn', 'ml'],
  ...(process.env.LINGUI_STRICT ? {} : { fallbackLocales: { default: 'en' } }),
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
  catalogs: [
    catalog('notifications', [sources('notifications')]),
    catalog('mail', [sources('mail')]),
    catalog('statement', [sources('statement'), JOURNAL]),
    catalog('ledger', [sources('ledger')], [JOURNAL]),
  ],
});
