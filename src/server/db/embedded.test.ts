import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js'
import { freePort } from '../test/free-port.js'
import { until } from '../test/eventually.js'

// One cluster folder per test, so each runs alone or in any order.
const dataDirs: string[] = []
function newDataDir(name: string): string {
  const dir = path.resolve(`.tmp/embedded-test-${process.pid}-${name}`)
  rmSync(dir, { recursive: true, force: true })
  dataDirs.push(dir)
  return dir
}
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

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The processes whose parent is `pid` (Linux /proc): a postmaster's backends and workers. */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // "pid (comm) state ppid …"; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) children.push(Number(name))
    } catch {
      // The process ended while the list was read.
    }
  }
  return children
}

afterAll(async () => {
  for (const db of running) await db.stop().catch(() => {})
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

describe('the embedded PostgreSQL', () => {
  it('keeps its data across a restart that finds the last run’s server still running', async () => {
    const dataDir = newDataDir('orphan')
    const port = await freePort()
    // Never stopped through its handle: what an Inkwell killed with -9 leaves behind.
    const first = await startEmbeddedPostgres({ dataDir, port })
    await query(
      first.url('postgres'),
      "create table kept (v text); insert into kept values ('still here')",
    )

    const orphan = postmasterPid(dataDir)
    expect(alive(orphan)).toBe(true)
    const second = await startEmbeddedPostgres({ dataDir, port })
    // The orphan was stopped and a new server owns the cluster, with the data.
    expect(alive(orphan)).toBe(false)
    expect(postmasterPid(dataDir)).not.toBe(orphan)
    expect(await query(second.url('postgres'), 'select v from kept')).toEqual([{ v: 'still here' }])
    await second.stop()
  })

  it('recovers after PostgreSQL itself is killed with -9, keeping what was committed', async () => {
    const dataDir = newDataDir('killed')
    const port = await freePort()
    const server = await startEmbeddedPostgres({ dataDir, port })
    // Written after the last checkpoint, so only replaying the WAL brings it back.
    await query(
      server.url('postgres'),
      "create table kept (v text); insert into kept values ('in the WAL')",
    )

    // A crash of the whole cluster: the postmaster and every process it started, at once.
    const postmaster = postmasterPid(dataDir)
    const processes = [postmaster, ...childrenOf(postmaster)]
    expect(processes.length).toBeGreaterThan(1)
    for (const pid of processes) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch (error) {
        // A backend whose connection had just closed may end between the listing and its kill.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
      }
    }
    await until(
      async () => processes.filter(alive),
      (left) => left.length === 0,
      { waitingFor: 'the killed PostgreSQL processes to end' },
    )
    // What the kill leaves: a postmaster.pid naming a process that is gone.
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(true)
    expect(alive(postmasterPid(dataDir))).toBe(false)

    const log: string[] = []
    const next = await startEmbeddedPostgres({ dataDir, port, onLog: (m) => log.push(String(m)) })
    running.push(next)
    expect(log.join('\n')).toMatch(/not properly shut down; automatic recovery in progress/)
    expect(await query(next.url('postgres'), 'select v from kept')).toEqual([{ v: 'in the WAL' }])
  })
})
