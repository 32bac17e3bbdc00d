import { rmSync, writeFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js'
import { freePort } from '../test/free-port.js'

const dataDir = path.resolve(`.tmp/embedded-test-${process.pid}`)
const running: EmbeddedDatabase[] = []

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

afterAll(async () => {
  for (const db of running) await db.stop().catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the embedded PostgreSQL', () => {
  it('keeps its data across restarts and recovers from a run killed with -9', async () => {
    const port = await freePort()
    // Never stopped through its handle: the next start takes its cluster over, as after -9.
    const first = await startEmbeddedPostgres({ dataDir, port })
    await query(
      first.url('postgres'),
      "create table kept (v text); insert into kept values ('still here')",
    )

    // A run killed with -9 never stops its postmaster: the next start finds it running.
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    const second = await startEmbeddedPostgres({ dataDir, port })
    expect(() => process.kill(pid, 0)).toThrow()
    expect(await query(second.url('postgres'), 'select v from kept')).toEqual([{ v: 'still here' }])
    await second.stop()

    // A stale postmaster.pid whose process is gone must not block the start either.
    writeFileSync(path.join(dataDir, 'postmaster.pid'), `999999\n${dataDir}\n`)
    const third = await startEmbeddedPostgres({ dataDir, port })
    running.push(third)
    expect(await query(third.url('postgres'), 'select v from kept')).toEqual([{ v: 'still here' }])
  })
})
