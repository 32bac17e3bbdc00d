import type { FastifyBaseLogger } from 'fastify'
import type { EventBus, UserEvent } from '../../../lib/events.js'
import type { ArrivedMail } from '../../../../contract/mail.js'
import type { JobQueue } from '../../../lib/jobs.js'
import { GmailNotConnected } from '../gmail/call.js'
import type { GmailSession } from '../gmail/session.js'
import type { MailRepository } from '../store/repository.js'
import type { MailSync, SyncOutcome } from './sync.js'
import { AppError } from '../../../lib/errors.js'

const QUEUE = 'mail-sync'
/**
 * The priority of a sync somebody waits for (a first visit, Refresh): workers take it before
 * the background ones queued earlier (a stale read, a push), which nobody watches.
 */
const WAITED = 1
/** A cache older than this is refreshed in the background when the inbox is read. */
export const STALE_AFTER_SECONDS = 30

type SyncJob = { userId: string }

/** What the sync of a user tells whoever listens (the waiting request, the open app). */
export type SyncEvent = { jobId: string } & (
  | { type: 'sync.firstPage' }
  | { type: 'sync.done'; changed: number; full: boolean; arrived?: ArrivedMail[] }
  /** `status` and `code` as the error handler would answer them (a typed error's, or 502). */
  | { type: 'sync.failed'; status: number; code: string; message: string }
)

/**
 * When a mailbox syncs (docs/decisions/019-jobs-events-and-shared-quota.md): every sync is a
 * job in the `mail-sync` queue, keyed by user, so however many instances run, one sync of a
 * mailbox is queued or running at a time, and a read that finds the cache stale asks for a
 * sync only when none started in the last 30 s. Any instance's worker runs it (`MailSync` says how) and publishes
 * its progress on the event bus, where the request waiting for a first page, or an open
 * app, hears it on whichever instance it is connected to.
 */
export function createMailScheduler(deps: {
  jobs: JobQueue
  events: EventBus
  sync: MailSync
  repo: MailRepository
  /** The user's Gmail, or null when it is no longer connected. */
  gmailFor: (userId: string) => Promise<GmailSession | null>
  workers: number
  log: FastifyBaseLogger
  /** Called after each sync that succeeded (it queues the backfill of older mail). */
  afterSync?: (userId: string) => Promise<void>
}) {
  const { jobs, events, sync, log } = deps
  const { boss } = jobs
  const workerIds: string[] = []
  /**
   * When this instance last asked for a background sync of each user: a list answered from a
   * kept snapshot (decision 038) sees the old sync times until the sync reports, and must not
   * ask again on every read meanwhile.
   */
  const askedAt = new Map<string, number>()
  /** The waits of requests for a sync's event, answered at once when the instance stops. */
  const waits = new Set<() => void>()
  /** Users with an open app on this instance, and how many streams each has. */
  const watched = new Map<string, { count: number; timer: NodeJS.Timeout }>()

  async function runJob(jobId: string, userId: string): Promise<void> {
    const publish = (event: DistributiveOmit<SyncEvent, 'jobId'>) =>
      events.publish(userId, { ...event, jobId }).catch((error: unknown) => {
        log.warn({ err: error, userId }, 'publishing a sync event failed')
      })
    try {
      await deps.repo.saveSyncState(userId, { lastAttemptAt: new Date() })
      const gmail = await deps.gmailFor(userId)
      if (!gmail) throw new GmailNotConnected()
      const outcome: SyncOutcome | null = await sync.sync(gmail, userId, () => {
        void publish({ type: 'sync.firstPage' })
      })
      await publish({
        type: 'sync.done',
        changed: outcome?.changed ?? 0,
        full: !!outcome?.full,
        // New inbox mail, for the open app's sound and desktop notification (decision 037).
        ...(outcome?.arrived?.length ? { arrived: outcome.arrived } : {}),
      })
      await deps.afterSync?.(userId).catch((error: unknown) => {
        log.warn({ err: error, userId }, 'queueing the backfill failed')
      })
    } catch (error) {
      log.warn({ err: error, userId }, 'mail sync failed')
      // A typed error (Gmail gone, rate limited) keeps its meaning for the waiting request;
      // anything else is Gmail or the network failing: 502, with no internals in the message.
      await publish(
        error instanceof AppError
          ? {
              type: 'sync.failed',
              status: error.statusCode,
              code: error.code,
              message: error.message,
            }
          : {
              type: 'sync.failed',
              status: 502,
              code: 'sync_failed',
              message: 'Syncing with Gmail failed',
            },
      )
    }
  }

  /**
   * Resolves with the first event of `types` from the job `bind` names, or null after
   * `timeoutMs`. Listening starts before the job's id is known (it is known only once the job
   * is sent or found), so events heard before `bind` are kept and looked at when it comes: a
   * fast sync another request queued can end while this one is still looking its id up.
   */
  function nextEvent(
    userId: string,
    types: SyncEvent['type'][],
    timeoutMs: number,
  ): {
    event: Promise<SyncEvent | null>
    resolveNow: () => void
    bind: (jobId: string | null) => void
  } {
    let unsubscribe = () => {}
    let timer: NodeJS.Timeout | undefined
    let resolveNow = () => {}
    let bind: (jobId: string | null) => void = () => {}
    const event = new Promise<SyncEvent | null>((resolve) => {
      let jobId: string | null = null
      const heardBefore: SyncEvent[] = []
      resolveNow = () => resolve(null)
      waits.add(resolveNow)
      bind = (id) => {
        jobId = id
        const heard = heardBefore.find((e) => e.jobId === id)
        heardBefore.length = 0
        if (heard) resolve(heard)
      }
      unsubscribe = events.subscribe(userId, (e: UserEvent) => {
        const sync = e as SyncEvent
        if (!types.includes(sync.type)) return
        if (jobId === null) heardBefore.push(sync)
        else if (sync.jobId === jobId) resolve(sync)
      })
      timer = setTimeout(() => resolve(null), timeoutMs)
    }).finally(() => {
      clearTimeout(timer)
      unsubscribe()
      waits.delete(resolveNow)
    })
    return { event, resolveNow, bind }
  }

  /**
   * The id of the user's queued sync, ahead of the background ones: the one this call queues,
   * or the one already queued.
   * The queue holds one queued sync per user (and one running): a send refused because one is
   * queued, and a look for it that finds it already running, are followed by a send that is
   * not refused, unless another request queued one in that moment, which the next look finds.
   * Giving up after two rounds left a first visit answering without its first page, empty,
   * when four reads raced on two instances (multi-instance.test.ts).
   */
  async function queuedSync(userId: string): Promise<string | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const sent = await boss.send(QUEUE, { userId } satisfies SyncJob, {
        singletonKey: userId,
        priority: WAITED,
      })
      if (sent) return sent
      // A background sync of this user already queued is now waited for: it goes ahead too.
      const queued = await jobs.queuedJobId(QUEUE, userId)
      if (queued) {
        await jobs.prioritize(QUEUE, queued, WAITED)
        return queued
      }
    }
    return null
  }

  /**
   * A sync that starts after now: the one this call queues, or the one already queued
   * (a queued job has not read Gmail yet). Listening starts first, so no event is missed.
   */
  async function syncAfterNow(
    userId: string,
    types: SyncEvent['type'][],
    timeoutMs: number,
    alreadyDone?: () => Promise<boolean>,
  ): Promise<{ jobId: string | null; event: SyncEvent | null }> {
    const waiting = nextEvent(userId, types, timeoutMs)
    let jobId: string | null
    try {
      jobId = await queuedSync(userId)
      waiting.bind(jobId)
      wakeWorker()
      if (!jobId || (await alreadyDone?.())) waiting.resolveNow()
    } catch (error) {
      waiting.resolveNow()
      throw error
    }
    return { jobId, event: await waiting.event }
  }

  /** Wakes one of this instance's workers, so a job just sent starts without a polling wait. */
  function wakeWorker() {
    const id = workerIds[Math.floor(Math.random() * workerIds.length)]
    if (id) boss.notifyWorker(id)
  }

  async function enqueue(userId: string): Promise<void> {
    const id = await boss.send(QUEUE, { userId } satisfies SyncJob, { singletonKey: userId })
    if (id) wakeWorker()
  }

  type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

  /**
   * A background sync when the cache is older than 30 s and no sync started in that time,
   * whatever its outcome; at most one is queued per user across instances.
   */
  async function syncIfStale(state: {
    userId: string
    lastSyncedAt: Date | null
    lastAttemptAt: Date | null
  }): Promise<void> {
    const asked = askedAt.get(state.userId) ?? 0
    const newest = Math.max(
      state.lastSyncedAt?.getTime() ?? 0,
      state.lastAttemptAt?.getTime() ?? 0,
      asked,
    )
    if (Date.now() - newest <= STALE_AFTER_SECONDS * 1000) return
    if (askedAt.size > 10_000) {
      for (const [userId, at] of askedAt) {
        if (Date.now() - at > STALE_AFTER_SECONDS * 1000) askedAt.delete(userId)
      }
    }
    askedAt.set(state.userId, Date.now())
    try {
      await enqueue(state.userId)
    } catch (error) {
      askedAt.delete(state.userId)
      throw error
    }
  }

  return {
    async start(): Promise<void> {
      // stately: at most one queued and one running sync per user (the singleton key).
      // One retry, for a sync whose instance died under it (lib/job-leases.ts): a sync that
      // fails on Gmail completes with its failure told, and the next read or Refresh asks again.
      await jobs.ensureQueue(QUEUE, { policy: 'stately', retryLimit: 1 })
      for (let i = 0; i < deps.workers; i++) {
        workerIds.push(
          await jobs.work<SyncJob>(QUEUE, { pollingIntervalSeconds: 2 }, (job) =>
            runJob(job.id, job.data.userId),
          ),
        )
      }
    },

    /**
     * The instance stops: requests still waiting for a sync are answered now with what the
     * cache has, instead of holding the shutdown until their sync ends (or times out).
     */
    stopWaiting(): void {
      for (const resolve of waits) resolve()
    },

    syncIfStale,

    /** A sync soon, not waited for (a Gmail push said the mailbox changed); bursts make one. */
    syncSoon: enqueue,

    /**
     * A first visit: the first page of a sync, or of the one already running, cached.
     * Resolves when `hasFirstPage` says so, or the sync tells, or at timeout.
     */
    async firstPage(
      userId: string,
      hasFirstPage: () => Promise<boolean>,
      timeoutMs = 30_000,
    ): Promise<void> {
      // A running sync's first page may land between the caller's check and this listening:
      // check again once listening.
      const waiting = nextEvent(userId, ['sync.firstPage', 'sync.done', 'sync.failed'], timeoutMs)
      const running = await jobs.activeJobId(QUEUE, userId)
      if (running) {
        waiting.bind(running)
        if (await hasFirstPage()) waiting.resolveNow()
        await waiting.event
        return
      }
      waiting.resolveNow()
      await syncAfterNow(
        userId,
        ['sync.firstPage', 'sync.done', 'sync.failed'],
        timeoutMs,
        hasFirstPage,
      )
    },

    /**
     * Refresh: a sync that starts after this call, ahead of the background ones, not waited
     * for. Answers its job id; its `sync.done` or `sync.failed` event, with that id, tells the
     * open app when it has finished. Null only when the queue kept refusing (see queuedSync).
     */
    async requestSync(userId: string): Promise<string | null> {
      const id = await queuedSync(userId)
      wakeWorker()
      return id
    },

    /**
     * A sync that starts after this call, waited for to its end or `timeoutMs`: its job id, and
     * its last event (null when it has not ended in time).
     */
    async syncNow(
      userId: string,
      timeoutMs: number,
    ): Promise<{ jobId: string | null; event: SyncEvent | null }> {
      return syncAfterNow(userId, ['sync.done', 'sync.failed'], timeoutMs)
    },

    /**
     * While an app is open (its event stream connected to this instance), the mailbox is
     * kept fresh: a sync whenever the cache is older than 30 s, so new mail and changes made
     * in Gmail elsewhere reach the screen. Returns the function that stops watching.
     */
    watch(userId: string): () => void {
      const count = (watched.get(userId)?.count ?? 0) + 1
      const existing = watched.get(userId)
      if (existing) {
        existing.count = count
      } else {
        const poll = async () => {
          const state = await deps.repo.getSyncState(userId)
          if (state?.historyId) await syncIfStale(state)
        }
        const timer = setInterval(
          () => {
            poll().catch((error: unknown) => log.warn({ err: error, userId }, 'live poll failed'))
          },
          (STALE_AFTER_SECONDS * 1000) / 2,
        )
        timer.unref()
        watched.set(userId, { count, timer })
      }
      return () => {
        const entry = watched.get(userId)
        if (!entry) return
        entry.count -= 1
        if (entry.count === 0) {
          clearInterval(entry.timer)
          watched.delete(userId)
        }
      }
    },

    /** True while a sync of the user is queued or running on any instance. */
    async isSyncing(userId: string): Promise<boolean> {
      return jobs.hasPendingJob(QUEUE, userId)
    },
  }
}

export type MailScheduler = ReturnType<typeof createMailScheduler>
