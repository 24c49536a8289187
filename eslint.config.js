import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    // The domain is pure: no I/O, no frameworks (STYLE.md "Boundaries that a tool checks").
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nestjs/*',
                'pg',
                'bullmq',
                'ioredis',
                'react',
                'react-dom',
                '@okul/projections',
                'node:*',
                'fs',
                'path',
              ],
              message: 'libs/domain is pure TypeScript with no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // ARCHITECTURE.md: the server never writes SQL against a read model's tables; it calls the projection's
    // readers (libs/projections/<context>/*.reader.ts). Only the adapters that own their tables (event store,
    // database ports, repeated-request store, health) hold SQL. dependency-cruiser sees imports, not strings,
    // so this check is the one that keeps such SQL from coming back.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      'apps/server/src/event-store/**',
      'apps/server/src/infra/db/**',
      'apps/server/src/infra/http/idempotent-responses.ts',
      'apps/server/src/health/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal', 'TemplateElement'].map((node) => ({
          selector: `${node}[${node === 'Literal' ? 'value' : 'value.raw'}=/\\b(FROM|JOIN|INTO|UPDATE)\\s+[a-z_]+/]`,
          message:
            'SQL against tables belongs in a reader of libs/projections (or an adapter that owns the table).',
        })),
      ],
    },
  },
  {
    files: ['apps/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
);
