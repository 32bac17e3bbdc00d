import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { databaseTestFiles } from './src/server/test/database-tests.js'

// Server tests that use PostgreSQL, found from their imports (src/server/test/database-tests.ts):
// they run in 'db', whose global setup starts the server; the rest start none.
const databaseTests = databaseTestFiles(import.meta.dirname)

export default defineConfig({
  test: {
    // Most server tests wait on PostgreSQL, the stand-ins and jobs rather than compute, so more
    // files run at once than there are cores (Vitest's default is one fewer: a single worker on
    // these 2-core machines). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          exclude: databaseTests,
          // No PostgreSQL here: a test that reaches for one fails at once, saying why.
          setupFiles: ['src/server/test/no-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'db',
          environment: 'node',
          include: databaseTests,
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          // Vitest's 5 s, on a machine whose two cores the journeys share (scripts/test.mjs),
          // was not enough for a user-event test waiting its turn.
          testTimeout: 20_000,
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
})
