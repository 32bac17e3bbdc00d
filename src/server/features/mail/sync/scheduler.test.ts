import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEventBus, type EventBus } from '../../../lib/events.js'
import { startJobQueue, type JobQueue } from '../../../lib/jobs.js'
import { createTestDatabase } from '../../../test/database.js'
import { until } from '../../../test/eventually.js'
import type { MailRepository } from '../store/repository.js'
import { createMailScheduler } from './scheduler.js'
import type { MailSync } from './sync.js'

const log = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger
const QUEUE = 'mail-sync'
const USER = '00000000-0000-4000-8000-000000000001'
/**
 * How long a waiting request waits here: long enough for a loaded machine (CI runs the browser
 * journeys beside these tests), as a request that never hears its sync still fails the test.
 */
const WAIT_MS = 20_000

describe('the mail scheduler, with other requests racing it on the queue', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let jobs: JobQueue
  let events: EventBus
  /** Runs inside the scheduler's look for a queued sync, as another request would meanwhile. */
  let duringLookup: (lookup: () => Promise<string | null>) => Promise<string | null>

  beforeAll(async () => {
    database = await createTestDatabase()
    jobs = await startJobQueue(database.pool, log)
    events = await createEventBus(database.pool, log)
  })
  /** A scheduler with no workers: the test moves the jobs along itself. */
  async function startScheduler(queue: JobQueue) {
    const scheduler = createMailScheduler({
      jobs: queue,
      events,
      sync: {} as MailSync,
      repo: {} as MailRepository,
      gmailFor: async () => null,
      workers: 0,
      log,
    })
    await scheduler.start()
    return scheduler
  }
  afterAll(async () => {
    await jobs?.stop()
    await events?.close()
    await database?.drop()
  })

  it('waits for the sync another request queued while its own ask was refused', async () => {
    const racing: JobQueue = {
      ...jobs,
      queuedJobId: (queue, key) => duringLookup(() => jobs.queuedJobId(queue, key)),
    }
    const scheduler = await startScheduler(racing)
    const first = await jobs.boss.send(QUEUE, { userId: USER }, { singletonKey: USER })
    expect(first).toBeTruthy()
    let second: string | null = null
    // The refused ask looks for the queued sync just as it starts running, and finds none; then
    // another request queues the next one, so a second ask is refused too.
    duringLookup = async (lookup) => {
      duringLookup = (next) => next()
      const [started] = await jobs.boss.fetch(QUEUE)
      expect(started?.id).toBe(first)
      const found = await lookup()
      second = await jobs.boss.send(QUEUE, { userId: USER }, { singletonKey: USER })
      return found
    }
    const waited = scheduler.syncNow(USER, WAIT_MS)
    // The sync that was queued reports; the waiting request hears it.
    await until(
      async () => second,
      (id) => id !== null,
      { waitingFor: 'the second sync queued' },
    )
    await events.publish(USER, { type: 'sync.done', jobId: second, changed: 1, full: false })
    expect((await waited).event).toMatchObject({ type: 'sync.done', jobId: second })
  }, 60_000)

  it('hears a sync that ends while its request is still looking its id up', async () => {
    await database.pool.query('delete from pgboss.job where name = $1', [QUEUE])
    const racing: JobQueue = {
      ...jobs,
      queuedJobId: (queue, key) => duringLookup(() => jobs.queuedJobId(queue, key)),
    }
    const scheduler = await startScheduler(racing)
    const queued = await jobs.boss.send(QUEUE, { userId: USER }, { singletonKey: USER })
    expect(queued).toBeTruthy()
    // Another instance's worker runs the queued sync to its end before the look-up answers:
    // its `sync.done` reaches this instance before the request knows which job it waits for.
    duringLookup = async (lookup) => {
      duringLookup = (next) => next()
      const found = await lookup()
      await events.publish(
        USER,
        { type: 'sync.done', jobId: found, changed: 2, full: false },
        { delivered: true },
      )
      return found
    }
    const waited = await scheduler.syncNow(USER, WAIT_MS)
    expect(waited).toMatchObject({ jobId: queued, event: { type: 'sync.done', changed: 2 } })
  }, 60_000)

  it('starts a sync somebody waits for before the background ones queued earlier', async () => {
    const [busy, quiet, newcomer] = [2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`)
    const scheduler = await startScheduler(jobs)
    // What the test before left queued would be fetched too.
    await database.pool.query('delete from pgboss.job where name = $1', [QUEUE])
    // Background syncs (stale reads, pushes) of two mailboxes, then a newcomer's first visit
    // and a Refresh of the second mailbox, whose background sync it joins.
    await scheduler.syncSoon(busy!)
    await scheduler.syncSoon(quiet!)
    const firstVisit = scheduler.syncNow(newcomer!, WAIT_MS)
    const refresh = scheduler.syncNow(quiet!, WAIT_MS)
    // Both waited-for syncs are queued ahead: the newcomer's sent, the quiet one's raised.
    await until(
      async () =>
        (
          await database.pool.query(
            `select 1 from pgboss.job where name = $1 and state = 'created' and priority = 1`,
            [QUEUE],
          )
        ).rowCount,
      (count) => count === 2,
      { waitingFor: 'two syncs queued with priority' },
    )
    const order: string[] = []
    for (let i = 0; i < 3; i++) {
      const [job] = await jobs.boss.fetch<{ userId: string }>(QUEUE)
      order.push(job!.data.userId)
      await events.publish(job!.data.userId, {
        type: 'sync.done',
        jobId: job!.id,
        changed: 0,
        full: false,
      })
    }
    expect(order.slice(0, 2).sort()).toEqual([quiet, newcomer].sort())
    expect(order[2]).toBe(busy)
    expect((await firstVisit).event).toMatchObject({ type: 'sync.done' })
    expect((await refresh).event).toMatchObject({ type: 'sync.done' })
  }, 60_000)
})
