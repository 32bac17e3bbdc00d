import { vi } from 'vitest'
import type * as Embedded from '../db/embedded.js'

/*
 * Setup of the 'unit' project, which starts no PostgreSQL (vitest.config.ts). A test there gets
 * no database from createTestDatabase (it says so), nor a cluster of its own from here.
 */
vi.mock('../db/embedded.js', async (importOriginal) => ({
  ...(await importOriginal<typeof Embedded>()),
  startEmbeddedPostgres: () => {
    throw new Error(
      'This test starts PostgreSQL but runs in the "unit" project: import startEmbeddedPostgres ' +
        'from src/server/db/embedded.ts in the test file itself, so ' +
        'src/server/test/database-tests.ts puts it in the "db" project.',
    )
  },
}))
