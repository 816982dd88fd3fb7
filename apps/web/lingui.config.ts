import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

// The web app's texts (decision 046): Lingui's extract finds each `i18n._('<namespace>.<key>')`
// and each id marked `/*i18n*/` in src/ and merges them into one catalog per language, which
// scripts/web-texts.mjs builds from the namespaces' files before and splits back after, each id
// to its namespace's file (src/features/<namespace>/locales/, src/locales/ for `common`): a
// page loads only its namespaces, and a shared component reads several.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar', 'hi', 'ur', 'bn', 'ml'],
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/../../.tmp/web-texts/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '<rootDir>/src/sw/**'],
    },
  ],
});
