import { inject } from 'vitest'
import pg from 'pg'
import { openDatabase, runMigrations, type DatabaseHandle } from '../db/client.js'

/** A fresh, migrated database on the run's PostgreSQL server; `drop` removes it. */
export async function createTestDatabase(): Promise<
  DatabaseHandle & { url: string; drop: () => Promise<void> }
> {
  const serverUrl = inject('pgServerUrl')
  const name = `inkwell_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = openDatabase(url.toString(), { max: 5 })
  await runMigrations(handle)
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
