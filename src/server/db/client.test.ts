import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { beginStopping } from '../lib/stopping.js'
import { createTestDatabase } from '../test/database.js'
import { openDatabase, withStartupLock } from './client.js'

let database: Awaited<ReturnType<typeof createTestDatabase>>
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => database?.drop())

describe('closing the database pool', () => {
  it('answers only once every connection it opened is closed', async () => {
    const { pool, close } = openDatabase(database.url, { max: 4 })
    let opened = 0
    let closed = 0
    pool.on('connect', () => opened++)
    pool.on('remove', () => closed++)
    // Three connections, idle when the pool closes, as at a server's shutdown.
    await Promise.all([1, 2, 3].map(() => pool.query('select pg_sleep(0.05)')))

    await close()
    // What stops the database next (the embedded one, at shutdown) finds none left open.
    expect(opened).toBe(3)
    expect(closed).toBe(3)
  })
})

describe('a connection held between queries', () => {
  it('may be ended by the database without taking the process down', async () => {
    const { pool, close } = openDatabase(database.url, { max: 2 })
    const admin = openDatabase(database.url, { max: 1 })
    // The first connection the pool opens is the one the startup lock holds.
    const goodbyeHeard = new Promise((resolve) =>
      pool.once('connect', (c) => c.once('end', resolve)),
    )
    // The startup lock holds its connection while it works, as the sync lock does.
    const held = withStartupLock(pool, async () => {
      // Only in this file's database: advisory locks are listed cluster-wide, and another
      // test file's migrations hold the same startup lock in its own database meanwhile.
      await admin.pool.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and granted and pid <> pg_backend_pid()
            and database = (select oid from pg_database where datname = current_database())`,
      )
      // The database's goodbye reaches the held connection while nothing is asked of it.
      await goodbyeHeard
    })
    await expect(held).rejects.toThrow()
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    await admin.close()
    await close()
  })
})

describe('an idle connection the database ends', () => {
  it('is reported, except while the process stops (Ctrl-C stops the demo database too)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { pool, close } = openDatabase(database.url, { max: 1 })
    const admin = openDatabase(database.url, { max: 1 })
    const endIdleConnection = async () => {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid')
      // The pool drops the lost connection after it reported (or not) the error it heard.
      const dropped = new Promise((resolve) => pool.once('remove', resolve))
      await admin.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid])
      await dropped
    }
    try {
      await endIdleConnection()
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toContain('idle database connection lost')

      // Last in this file: the process stays "stopping" from here on.
      beginStopping()
      await endIdleConnection()
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
      await admin.close()
      await close()
    }
  })
})
