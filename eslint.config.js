// One linter for the whole repo. Import boundaries (STYLE.md "The house") are enforced here:
// money imports nothing of ours; contracts imports only money; apps never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', '.tmp/**'] },
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
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@jamiya/web*', '**/apps/web/**'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@jamiya/server*', '**/apps/server/**'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features do not import each other; app/ puts them together (STYLE.md). From
    // features/<f>/<folder>/file.tsx, "../../<other>/..." would reach another feature.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)',
              message:
                'Features do not import each other; share through src/api, src/components or src/lib.',
            },
            {
              group: ['@jamiya/server*', '**/apps/server/**'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
