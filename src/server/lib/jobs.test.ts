import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/database.js'
import { until } from '../test/eventually.js'
import { startJobQueue, type JobQueue } from './jobs.js'

const log = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger

type Task = { name: string }

/**
 * A worker that takes its jobs in batches (decision 053's scheduled sends): the batch runs at
 * once, and each job ends on its own, as a job taken alone does.
 */
describe('a job worker taking batches', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let jobs: JobQueue

  beforeAll(async () => {
    database = await createTestDatabase()
    jobs = await startJobQueue(database.pool, log)
  })
  afterAll(async () => {
    await jobs?.stop()
    await database?.drop()
  })

  /** Each job of `queue` by its name: its state and how many times it was started. */
  async function jobsOf(queue: string) {
    const { rows } = await database.pool.query<{ name: string; state: string; tries: number }>(
      `select data->>'name' as name, state, retry_count as tries
         from pgboss.job where name = $1 order by data->>'name'`,
      [queue],
    )
    return rows
  }

  /**
   * Holds each job until `size` jobs run at once, and counts the most that ever ran together:
   * a worker running a batch one job after another would never open it.
   */
  function gate(size: number) {
    let running = 0
    let peak = 0
    return {
      peak: () => peak,
      async pass(): Promise<void> {
        running++
        peak = Math.max(peak, running)
        try {
          await until(
            async () => peak,
            (most) => most >= size,
            { waitingFor: `${size} jobs running at once` },
          )
        } finally {
          running--
        }
      },
    }
  }

  it('runs a batch at once and completes every job of it, taking the next full batch at once', async () => {
    const queue = 'batch-all-complete'
    await jobs.ensureQueue(queue, { policy: 'standard', retryLimit: 0 })
    const names = ['a', 'b', 'c', 'd', 'e', 'f']
    for (const name of names) await jobs.boss.send(queue, { name } satisfies Task)
    const held = gate(3)
    const ran: string[] = []
    // Polling once a minute: the second batch comes in time only because the first was full.
    await jobs.work<Task>(queue, { pollingIntervalSeconds: 60, batchSize: 3 }, async (job) => {
      await held.pass()
      ran.push(job.data.name)
    })

    const done = await until(
      () => jobsOf(queue),
      (rows) => rows.every((row) => row.state === 'completed'),
      { waitingFor: 'every job completed' },
    )
    expect(done.map((row) => row.name)).toEqual(names)
    expect(ran.sort()).toEqual(names)
    expect(held.peak()).toBe(3)
    await jobs.boss.offWork(queue)
  })

  it('fails and retries only the job that threw, never the others of its batch', async () => {
    const queue = 'batch-one-fails'
    await jobs.ensureQueue(queue, { policy: 'standard', retryLimit: 1 })
    const names = ['a', 'bad', 'c', 'd']
    for (const name of names) await jobs.boss.send(queue, { name } satisfies Task)
    const held = gate(4)
    const runs = new Map<string, number>()
    await jobs.work<Task>(queue, { pollingIntervalSeconds: 1, batchSize: 4 }, async (job) => {
      const { name } = job.data
      runs.set(name, (runs.get(name) ?? 0) + 1)
      // The first time, all four are one batch.
      if (runs.get(name) === 1) await held.pass()
      if (name === 'bad') throw new Error('Gmail refused it')
    })

    const done = await until(
      () => jobsOf(queue),
      (rows) => rows.every((row) => row.state === 'completed' || row.state === 'failed'),
      { waitingFor: 'every job ended' },
    )
    expect(held.peak()).toBe(4)
    expect(done).toEqual([
      { name: 'a', state: 'completed', tries: 0 },
      { name: 'bad', state: 'failed', tries: 1 },
      { name: 'c', state: 'completed', tries: 0 },
      { name: 'd', state: 'completed', tries: 0 },
    ])
    // Retried as its queue allows, alone.
    expect(Object.fromEntries(runs)).toEqual({ a: 1, bad: 2, c: 1, d: 1 })
    const { rows } = await database.pool.query<{ output: { message?: string } }>(
      `select output from pgboss.job where name = $1 and data->>'name' = 'bad'`,
      [queue],
    )
    expect(rows[0]?.output.message).toBe('Gmail refused it')
    await jobs.boss.offWork(queue)
  })

  it('takes one job at a time when no batch is asked for, the next one at once', async () => {
    const queue = 'one-at-a-time'
    await jobs.ensureQueue(queue, { policy: 'standard', retryLimit: 0 })
    for (const name of ['a', 'b', 'c']) await jobs.boss.send(queue, { name } satisfies Task)
    const ran: string[] = []
    const activeMeanwhile: number[] = []
    // Polling once a minute: each job found leaves the next to be taken at once.
    await jobs.work<Task>(queue, { pollingIntervalSeconds: 60 }, async (job) => {
      const rows = await jobsOf(queue)
      activeMeanwhile.push(rows.filter((row) => row.state === 'active').length)
      ran.push(job.data.name)
    })
    await until(
      () => jobsOf(queue),
      (rows) => rows.every((row) => row.state === 'completed'),
      { waitingFor: 'every job completed' },
    )
    expect(ran).toEqual(['a', 'b', 'c'])
    // The others stayed queued while each ran.
    expect(activeMeanwhile).toEqual([1, 1, 1])
    await jobs.boss.offWork(queue)
  })
})

/**
 * A Ctrl-C in the demo stops its embedded PostgreSQL too, while the job queue drains: after its
 * 4 s, pg-boss fails the jobs still running, on a database that is gone, and its stop rejects.
 * That rejection ended the whole drain before the pool, the stand-ins and the exit: the demo
 * hung until the hard stop, 9 s after a Ctrl-C during a sync (a dead instance's, taken back).
 */
describe('a job queue stopping after its database went away', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  /** The database has stopped: every query of the queue's pool is refused. */
  let gone = false
  /** Lets the held job end. */
  let release = () => {}
  /** The queries the queue's pool was asked, and answered, after the queue stopped. */
  let afterStop = false
  const askedAfterStop: string[] = []
  const answeredAfterStop: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    release()
    await database?.drop()
  })

  it('stops within its drain, handing back what it can, however the database answers', async () => {
    const refused = () =>
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5439'), { code: 'ECONNREFUSED' })
    // The app's pool as the queue sees it: once the database is gone, every query is refused.
    const pool = new Proxy(database.pool, {
      get(target, property) {
        if (property === 'query' && gone) return () => Promise.reject(refused())
        if (property === 'query' && afterStop) {
          return async (text: string, values?: unknown[]) => {
            askedAfterStop.push(text)
            const answer = await target.query(text, values)
            answeredAfterStop.push(text)
            return answer
          }
        }
        const value: unknown = Reflect.get(target, property)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const warnings: string[] = []
    const warnLog = { ...log, warn: (_: unknown, message: string) => void warnings.push(message) }
    const jobs = await startJobQueue(pool, warnLog as unknown as FastifyBaseLogger)
    const queue = 'database-gone'
    await jobs.ensureQueue(queue, { policy: 'standard', retryLimit: 1 })
    let started = false
    await jobs.work<Task>(queue, { pollingIntervalSeconds: 1 }, async () => {
      started = true
      // A sync that does not get to a safe point within the drain.
      await new Promise<void>((resolve) => (release = resolve))
    })
    await jobs.boss.send(queue, { name: 'held' } satisfies Task)
    await until(
      async () => started,
      (yes) => yes,
      { waitingFor: 'the job runs' },
    )

    gone = true
    const stopping = Date.now()
    await expect(jobs.stop()).resolves.toBeUndefined()
    // The workers' 4 s, and what pg-boss adds polling for them.
    expect(Date.now() - stopping).toBeLessThan(5_500)
    expect(warnings).toContain('handing back running jobs failed; the next sweep takes them')
    // Not handed back, the job is still this instance's: the next sweep anywhere takes it.
    const { rows } = await database.pool.query<{ state: string }>(
      `select state from pgboss.job where name = $1`,
      [queue],
    )
    expect(rows).toEqual([{ state: 'active' }])

    // The held job ends after the stop, with the database back (or the pool closed): pg-boss's
    // completion of it goes nowhere, and the job stays for the sweep.
    gone = false
    afterStop = true
    release()
    await until(
      async () => answeredAfterStop,
      (texts) => texts.some((text) => text.includes('job_leases')),
      { waitingFor: "the ended job's lease to be released" },
    )
    await new Promise((resolve) => setImmediate(resolve))
    expect(askedAfterStop.filter((text) => text.includes('pgboss'))).toEqual([])
    const after = await database.pool.query<{ state: string }>(
      `select state from pgboss.job where name = $1`,
      [queue],
    )
    expect(after.rows).toEqual([{ state: 'active' }])
  }, 20_000)
})
