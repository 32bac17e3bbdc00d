import { expect, inject } from 'vitest'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../db/client.js'

/**
 * A fresh, migrated database on the run's PostgreSQL server, a copy of the run's template
 * (global-setup.ts); `drop` removes it.
 */
export async function createTestDatabase(): Promise<
  DatabaseHandle & { url: string; drop: () => Promise<void> }
> {
  const serverUrl = inject('pgServerUrl')
  const template = inject('pgTemplate')
  if (!serverUrl || !template) {
    throw new Error(
      `${expect.getState().testPath ?? 'This test'} uses PostgreSQL but runs in a Vitest ` +
        'project that starts none. src/server/test/database-tests.ts puts a server test in ' +
        'the "db" project when it imports src/server/test/database.ts or harness.ts (itself ' +
        'or through another helper of src/server/test/): import one in the test file itself.',
    )
  }
  const name = `inkwell_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database "${name}" template "${template}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = openDatabase(url.toString(), { max: 5 })
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close()
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}
