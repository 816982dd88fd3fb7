import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';
import { TEXT_FEATURES } from './src/lib/catalogs.ts';

// The server's texts and the shared schemas' sentences (decision 046): Lingui's extract finds
// each `i18n._('<id>')` and each string marked `/*i18n*/` and keeps them in flat JSON catalogs
// per language: a feature's in src/features/<feature>/locales/, the rest of the server's
// (plugins, lib) in src/locales/, the shared schemas' in packages/contracts/src/locales/, which
// the web app loads too. `npm run texts:extract` writes them; `npm run texts:check` fails when
// the code and the catalogs differ, or when a text is missing in a language (LINGUI_STRICT:
// without the English fallback, so that compile --strict sees it).

const features = path.join(import.meta.dirname, 'src/features');
const sources = (feature: string) => `<rootDir>/src/features/${feature}`;
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

// A feature that writes texts without a catalog would be left out of extract and speak English
// to everyone: say so rather than let it pass.
for (const feature of fs.readdirSync(features)) {
  if ((TEXT_FEATURES as readonly string[]).includes(feature)) continue;
  const writes = fs
    .readdirSync(path.join(features, feature), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
    .some((file) =>
      /\/\*i18n\*\/|i18n\._\(/.test(fs.readFileSync(path.join(features, feature, file), 'utf8')),
    );
  if (writes) throw new Error(`features/${feature} writes texts: add it to src/lib/catalogs.ts`);
}

// The movements are read on the statement, and written by the ledger's journal, which the books
// read too: their texts are the statement's.
const JOURNAL = [`${sources('ledger')}/journal.ts`, `${sources('ledger')}/correction-text.ts`];
const featureCatalog = (feature: (typeof TEXT_FEATURES)[number]) => ({
  path: `${sources(feature)}/locales/{locale}`,
  include: feature === 'statement' ? [sources(feature), ...JOURNAL] : [sources(feature)],
  exclude: [...TESTS, ...(feature === 'ledger' ? JOURNAL : [])],
});

// The web app's own sentences (its form checks, marked as the server's are) are the shared
// schemas': a field's error reads the same whichever side found it. The web's other texts are
// keyed, in its own catalogs (apps/web/lingui.config.ts): a file here holds sentences only.
const WEB = path.join(import.meta.dirname, '../web/src');
const WEB_SENTENCES = [
  'components/chat/message-form-schema.ts',
  'features/admin-books/lib/entry-form-schema.ts',
  'features/dues/lib/payment-forms.ts',
  'lib/api-client.ts',
  'lib/money-forms.ts',
  'lib/receipt-file-schema.ts',
  'lib/zod-resolver.ts',
];
for (const file of fs.readdirSync(WEB, { recursive: true, encoding: 'utf8' })) {
  if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || WEB_SENTENCES.includes(file)) continue;
  if (/\/\*i18n\*\/ '[A-Z]/.test(fs.readFileSync(path.join(WEB, file), 'utf8')))
    throw new Error(`apps/web/src/${file} marks a sentence: add it to WEB_SENTENCES here`);
}

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar', 'hi', 'ur', 'bn', 'ml'],
  ...(process.env.LINGUI_STRICT ? {} : { fallbackLocales: { default: 'en' } }),
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/../../packages/contracts/src/locales/{locale}',
      include: [
        '<rootDir>/../../packages/contracts/src',
        ...WEB_SENTENCES.map((file) => `<rootDir>/../web/src/${file}`),
      ],
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: [...TESTS, '<rootDir>/src/features/**', '<rootDir>/src/cli/**'],
    },
    ...TEXT_FEATURES.map(featureCatalog),
  ],
});
