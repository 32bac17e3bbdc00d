import path from 'node:path'
import pg from 'pg'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import * as schema from './schema.js'
import { isStopping } from '../lib/stopping.js'

export type Database = NodePgDatabase<typeof schema>
export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> }

const migrationsFolder = path.join(import.meta.dirname, 'migrations')

/** Opens a pool on `url`; the same code serves the embedded and an external PostgreSQL. */
export function openDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 })
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  // While the process stops, the database going too is expected (Ctrl-C reaches both).
  pool.on('error', (error) => {
    if (!isStopping()) console.warn(`[inkwell] idle database connection lost: ${error.message}`)
  })
  // Nor may a checked-out one, between its queries: a lock holder waiting on Gmail, a
  // transaction between statements. The pool does not listen to those, and an 'error' nobody
  // hears ends the process (a database restart, a failover, Ctrl-C on the demo). Heard here,
  // the query in flight or the next one fails, and the pool drops the client on release.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzle(pool, { schema })
  return { db, pool, close: () => closePool(pool) }
}

/** How long closing waits for the last connections to be given back and say goodbye. */
const CLOSE_WAIT_MS = 2000

/**
 * Ends the pool and answers once every connection it had is closed, or after CLOSE_WAIT_MS.
 * `pool.end()` answers as soon as it has let its clients go, while their connections are still
 * closing: a database stopped right after (the embedded one, at shutdown) ended them itself,
 * and each logged "terminating connection due to administrator command". And it waits for
 * every checked-out client to come back: a sync stuck on Gmail holds one (its lock) for as
 * long as Gmail takes, so it is not waited for; the process exits, and PostgreSQL releases
 * that connection's lock when its socket closes.
 */
async function closePool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve()
    pool.on('remove', () => --open === 0 && resolve())
  })
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))
  await Promise.race([pool.end().then(() => closed), waited])
  clearTimeout(timer)
}

/**
 * Runs `fn` while holding a cluster-wide advisory lock on one connection of `pool`: instances
 * starting together take turns at creating schemas (two migrators at once would both try
 * to create the same tables and one would fail).
 */
export async function withStartupLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query(`select pg_advisory_lock(hashtextextended('inkwell:startup', 0))`)
    try {
      return await fn()
    } finally {
      await client.query(`select pg_advisory_unlock(hashtextextended('inkwell:startup', 0))`)
    }
  } finally {
    client.release()
  }
}

/** Applies the drizzle-kit migrations in order; safe to run at every start, by any instance. */
export async function runMigrations(handle: { db: Database; pool: pg.Pool }): Promise<void> {
  await withStartupLock(handle.pool, () => migrate(handle.db, { migrationsFolder }))
}

/**
 * True when the database answers and every migration this build ships is applied: drizzle
 * records each applied migration with its folder's timestamp, and applies in that order.
 */
export async function isSchemaCurrent(pool: pg.Pool): Promise<boolean> {
  const shipped = readMigrationFiles({ migrationsFolder })
  const latest = shipped.at(-1)?.folderMillis
  if (latest === undefined) return true
  const { rows } = await pool.query<{ latest: string | null }>(
    'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
  )
  return rows[0]?.latest !== null && Number(rows[0]?.latest) >= latest
}
