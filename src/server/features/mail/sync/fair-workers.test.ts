import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEventBus, type EventBus } from '../../../lib/events.js'
import { startJobQueue, type JobQueue } from '../../../lib/jobs.js'
import { createTestDatabase } from '../../../test/database.js'
import { until } from '../../../test/eventually.js'
import type { GmailSession } from '../gmail/session.js'
import type { MailRepository } from '../store/repository.js'
import { backfillEta, backfillProgress, createMailBackfill } from './backfill.js'
import { createMailScheduler } from './scheduler.js'
import type { MailSync } from './sync.js'

const log = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger
const user = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`
const [ADA, BEN, CAL, DOT] = [1, 2, 3, 4].map(user) as [string, string, string, string]
const name = new Map([
  [ADA, 'ada'],
  [BEN, 'ben'],
  [CAL, 'cal'],
  [DOT, 'dot'],
])

type State = NonNullable<Awaited<ReturnType<MailRepository['getSyncState']>>>

/**
 * Three mailboxes with two pages of older mail each, backfilling on one instance with one
 * backfill worker, and a fourth user who presses Refresh. Gmail and the cache are stand-ins
 * that record what ran, in order; the queue, its workers and the events are the real ones.
 */
describe('fair workers: the backfills of many mailboxes, and a Refresh among them', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let jobs: JobQueue
  let events: EventBus
  const order: string[] = []
  const states = new Map<string, State>()
  /** What the inbox would show as each second step starts: the first step's progress. */
  const shown: unknown[] = []
  /** Ada's first step waits on this until the test lets it go: her step holds the worker. */
  let releaseAda = () => {}
  const adaHeld = new Promise<void>((resolve) => (releaseAda = resolve))

  function gmailOf(userId: string): GmailSession {
    return {
      threads: {
        async list(query: { pageToken?: string }) {
          const page = query.pageToken ? 1 : 0
          order.push(`backfill ${name.get(userId)} ${page}`)
          if (page === 1) shown.push(backfillProgress(states.get(userId)!))
          if (userId === ADA && page === 0) await adaHeld
          return {
            threads: [{ id: `${name.get(userId)}-${page}`, historyId: '1' }],
            nextPageToken: page === 0 ? 'next' : undefined,
            // Gmail's count of every thread the backfill's query matches.
            resultSizeEstimate: 2,
          }
        },
      },
      // Paced at the 2026 rate, with the bucket full: a step may always start.
      quotaHeadroom: async () => ({ available: 6000, unitsPerMinute: 6000 }),
      priceOf: (operation: string) => (operation === 'threadsGet' ? 40 : 10),
    } as unknown as GmailSession
  }

  const repo = {
    getSyncState: async (userId: string) => states.get(userId) ?? null,
    async saveSyncState(userId: string, changes: Partial<State>) {
      const state = states.get(userId)
      if (state) states.set(userId, { ...state, ...changes })
    },
    withSyncLock: async <T>(_userId: string, fn: () => Promise<T>) => ({ value: await fn() }),
    knownThreadIds: async () => new Set<string>(),
    oldestMessageDate: async () => null,
  } as unknown as MailRepository

  const sync = {
    fetchThreads: async () => {},
    async sync(_gmail: GmailSession, userId: string) {
      order.push(`sync ${name.get(userId)}`)
      return { full: false, changed: 0 }
    },
  } as unknown as MailSync

  beforeAll(async () => {
    database = await createTestDatabase()
    jobs = await startJobQueue(database.pool, log)
    events = await createEventBus(database.pool, log)
    for (const id of [ADA, BEN, CAL]) {
      states.set(id, {
        userId: id,
        fullSyncCompletedAt: new Date(),
        backfillDoneAt: null,
        backfillQuery: null,
        backfillPageToken: null,
        backfillThreads: 0,
        backfillOldestDate: null,
      } as State)
    }
  })
  afterAll(async () => {
    releaseAda()
    await jobs?.stop()
    await events?.close()
    await database?.drop()
  })

  it('runs a Refresh while backfills are queued, and the backfills take turns a page at a time', async () => {
    const common = { jobs, events, repo, sync, gmailFor: async (id: string) => gmailOf(id), log }
    const backfill = createMailBackfill({
      ...common,
      options: {
        windowDays: 90,
        concurrency: 1,
        firstPageSize: 50,
        pageSize: 100,
        backfillPageSize: 25,
      },
      workers: 1,
    })
    const scheduler = createMailScheduler({ ...common, workers: 1 })
    await backfill.start()
    await scheduler.start()

    for (const id of [ADA, BEN, CAL]) await backfill.request(id)
    await until(
      async () => [...order],
      (seen) => seen.includes('backfill ada 0'),
      { waitingFor: "Ada's first step to hold the backfill worker" },
    )

    // Dot's Refresh, with Ada's step running and Ben's and Cal's waiting their turn.
    const refresh = await scheduler.syncNow(DOT, 15_000)
    expect(refresh.event).toMatchObject({ type: 'sync.done' })
    const queued = await database.pool.query<{ key: string }>(
      `select singleton_key as key from pgboss.job
        where name = 'mail-backfill' and state = 'created' order by created_on`,
    )
    expect(queued.rows.map((r) => name.get(r.key))).toEqual(['ben', 'cal'])
    expect(order).toEqual(['backfill ada 0', 'sync dot'])

    releaseAda()
    await until(
      async () => [ADA, BEN, CAL].map((id) => states.get(id)!.backfillDoneAt),
      (done) => done.every(Boolean),
      { waitingFor: 'every backfill to finish' },
    )
    // One page each, in turn: Ada's second page waited behind Ben's and Cal's first.
    expect(order.filter((o) => o.startsWith('backfill'))).toEqual([
      'backfill ada 0',
      'backfill ben 0',
      'backfill cal 0',
      'backfill ada 1',
      'backfill ben 1',
      'backfill cal 1',
    ])
  })

  it('tells the time left while a backfill runs, at the quota rate, and none once it is done', () => {
    // 2 threads matched, 1 listed: 1 thread of 40 + 10/25 units, at 100 units a second.
    expect(
      backfillEta({
        estimatedThreads: 2,
        listedThreads: 1,
        threadUnits: 40.4,
        unitsPerMinute: 6000,
      }),
    ).toBe(1)
    // 100,000 threads at the 2026 quota: about 11 hours and a quarter.
    expect(
      backfillEta({
        estimatedThreads: 100_000,
        listedThreads: 0,
        threadUnits: 40.4,
        unitsPerMinute: 6000,
      }),
    ).toBe(40_400)
    // Mid-way, each inbox showed its one thread left (40.4 units, under a second at 6,000 a
    // minute); once done, no time.
    expect(shown).toEqual(
      [1, 2, 3].map(() => ({ done: false, threads: 1, oldestDate: null, etaSeconds: 1 })),
    )
    expect(backfillProgress(states.get(ADA)!)).toEqual({
      done: true,
      threads: 2,
      oldestDate: null,
    })
  })
})
