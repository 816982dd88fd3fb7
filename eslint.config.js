// One linter for the whole repo. Import boundaries are enforced here:
// money imports nothing of ours; contracts imports only money; apps never import each other.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import markedSentences from './scripts/eslint/marked-sentences.js';
import thinRoutes from './scripts/eslint/thin-routes.js';

const webNeverServer = {
  group: ['@jamiya/server*', '**/apps/server/**'],
  message: 'The web app never imports the server.',
};
const featuresApart = {
  regex: '^\\.\\./\\.\\./(?!\\.\\.)',
  message: 'Features do not import each other; share through src/api, src/components or src/lib.',
};
// A page must not wait for zod (about 30 KB) before it shows: forms load their schemas when
// they validate (apps/web/src/lib/zod-resolver.ts, docs/decisions/009-web-bundle-budget.md).
const schemasOnDemand = {
  group: [
    'zod',
    'zod/*',
    '@jamiya/contracts/*',
    '!@jamiya/contracts/values',
    '!@jamiya/contracts/languages',
    '!@jamiya/contracts/audit',
  ],
  allowTypeImports: true,
  message:
    'Import types only; plain values come from @jamiya/contracts/values, /languages and /audit (modules without zod), and a form loads its schema with lazyZodResolver (lib/zod-resolver.ts) from a *-schema.ts module.',
};

const serverNeverWeb = {
  group: ['@jamiya/web*', '**/apps/web/**'],
  message: 'The server never imports the web app.',
};
const doorMessage =
  'Another feature is used through its door: import its public.ts (and export there what it should share).';
// From features/<f>/file.ts, "../<other>/<file>" other than public.ts.
const toAnotherFeature = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!public\\.ts$)',
  message: doorMessage,
};
// From app.ts, db/, lib/, plugins/, cli/: "(./|../)features/<f>/<file>" other than public.ts.
const toAFeatureFromOutside = {
  regex: '^(\\.\\./)*\\.?\\.?/?features/[^/]+/(?!public\\.ts$)',
  message: doorMessage,
};

// A feature reads and writes its own tables (db/schema/<feature>.ts) and asks another feature,
// through its door, for the rest; any feature may read users (who someone is).
const SERVER_FEATURES = fs
  .readdirSync(new URL('./apps/server/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const toTablesNotItsOwn = (feature) => ({
  regex: `^(\\.\\./)+db/schema/(?!(${feature}|users)\\.ts$)`,
  message: `${feature} keeps to its own tables: ask the feature that owns these, through its door.`,
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      '.tmp/**',
      'apps/server/src/features/*/locales/*.js',
      'apps/server/src/locales/*.js',
      'packages/contracts/src/locales/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/index', '**/index.ts'],
              message: 'No barrel files: import the module itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/money/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@jamiya/*', '../../*'], message: 'money imports nothing of ours.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@jamiya/server*', '@jamiya/web*', '../../*'],
              message: 'contracts imports only money and zod.',
            },
          ],
        },
      ],
    },
  },
  {
    // A source file past 300 lines becomes a folder (issue 52); a test may be longer.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    // No module imports itself through others: a circle makes the load order, and what a
    // module sees of the other at its start, depend on which is imported first.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNeverWeb] }],
    },
  },
  {
    // One door per server feature (docs/architecture.md): from outside a feature, only its
    // public.ts. A feature's own files import each other freely; tests may reach inside.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNeverWeb, toAFeatureFromOutside] }],
    },
  },
  ...SERVER_FEATURES.map((feature) => ({
    files: [`apps/server/src/features/${feature}/*.ts`],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNeverWeb,
            toAFeatureFromOutside,
            toAnotherFeature,
            toTablesNotItsOwn(feature),
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [webNeverServer, schemasOnDemand] }],
    },
  },
  {
    // Features do not import each other; app/ puts them together. From
    // features/<f>/<folder>/file.tsx, "../../<other>/..." would reach another feature.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [featuresApart, webNeverServer, schemasOnDemand],
        },
      ],
    },
  },
  {
    // The modules that build forms' schemas, loaded by lazyZodResolver; and the tests.
    files: [
      'apps/web/src/**/*-schema.ts',
      'apps/web/src/**/*-forms.ts',
      'apps/web/src/lib/zod-config.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/**/testing/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNeverServer] }] },
  },
  {
    files: [
      'apps/web/src/features/*/*/**/*-schema.ts',
      'apps/web/src/features/*/*/**/*-forms.ts',
      'apps/web/src/features/*/*/**/*.test.{ts,tsx}',
      'apps/web/src/features/*/testing/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [featuresApart, webNeverServer] }] },
  },
  {
    // What the server and the shared schemas write for people goes through Lingui's extract
    // (decision 046); the CLI and the config speak to the operator, in English.
    files: [
      'apps/server/src/**/*.ts',
      'packages/contracts/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      'apps/web/src/sw/**',
      'apps/server/src/cli/**',
      'apps/server/src/config.ts',
    ],
    plugins: { jamiya: { rules: { 'marked-sentences': markedSentences } } },
    rules: { 'jamiya/marked-sentences': 'error' },
  },
  {
    // A route checks, calls one service function, answers (issue 52, docs/architecture.md).
    files: ['apps/server/src/features/**/*routes*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { routes: { rules: { 'thin-routes': thinRoutes } } },
    rules: { 'routes/thin-routes': 'error' },
  },
  prettier,
);
