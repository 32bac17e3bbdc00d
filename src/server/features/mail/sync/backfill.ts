import type { FastifyBaseLogger } from 'fastify'
import type { BackfillProgress } from '../../../../contract/mail.js'
import { AppError } from '../../../lib/errors.js'
import type { EventBus } from '../../../lib/events.js'
import type { JobQueue } from '../../../lib/jobs.js'
import type { GmailSession } from '../gmail/session.js'
import type { MailRepository } from '../store/repository.js'
import { windowQuery, type MailSync, type SyncOptions } from './sync.js'

const QUEUE = 'mail-backfill'
/** When the sync holds the mailbox, or Gmail failed, the backfill comes back this much later. */
const BUSY_RETRY_SECONDS = 5
const FAILED_RETRY_SECONDS = 60

type BackfillJob = { userId: string }
type SyncState = NonNullable<Awaited<ReturnType<MailRepository['getSyncState']>>>

/**
 * Seconds until the backfill is done at the quota's rate: the threads left (Gmail's estimate
 * of the older mail, less what has been listed) times a thread's units (its `threads.get` and
 * its share of a page's `threads.list`), over the units a second the quota refills. Every unit
 * the bucket refills beyond the user's reserve goes to the backfill (see secondsUntilAffordable).
 */
export function backfillEta(input: {
  estimatedThreads: number
  listedThreads: number
  threadUnits: number
  unitsPerMinute: number
}): number {
  const left = Math.max(0, input.estimatedThreads - input.listedThreads)
  return Math.ceil((left * input.threadUnits * 60) / input.unitsPerMinute)
}

/** The progress the inbox shows, from the sync state; null before the backfill may start. */
export function backfillProgress(state: SyncState | null): BackfillProgress | null {
  if (!state?.fullSyncCompletedAt) return null
  const done = state.backfillDoneAt !== null
  return {
    done,
    threads: state.backfillThreads,
    oldestDate: state.backfillOldestDate?.toISOString() ?? null,
    // Only when known: saved by the step that listed these threads, on whichever instance.
    ...(!done && state.backfillEtaSeconds !== null ? { etaSeconds: state.backfillEtaSeconds } : {}),
  }
}

/**
 * The backfill (docs/decisions/023-cold-first-page-and-backfill.md): once the full sync has the
 * window, the mail older than it is fetched newest first, a page of threads a step, with the
 * Gmail query and page token kept in the sync state. Steps are jobs in the `mail-backfill`
 * queue (one per user at a time, on any instance; a queued job survives a restart), run under
 * the mailbox's sync lock, and only while the shared quota bucket keeps half a minute's units
 * for the user's own calls: otherwise the next job is queued for when it will.
 *
 * Fair (decision 054): a job is one step, and the next step of the mailbox is queued behind
 * every other mailbox's, so fifty backfills take turns a page at a time instead of one running
 * to its end. The queue has its own workers: a sync somebody waits for (first page, Refresh,
 * push) is in `mail-sync` and never waits behind these.
 */
export function createMailBackfill(deps: {
  jobs: JobQueue
  events: EventBus
  repo: MailRepository
  sync: MailSync
  options: SyncOptions
  gmailFor: (userId: string) => Promise<GmailSession | null>
  workers: number
  log: FastifyBaseLogger
}) {
  const { jobs, repo, options, log } = deps
  const { boss } = jobs
  const workerIds: string[] = []

  /**
   * Queues the user's next step, at the back of the queue (workers take the oldest first), and
   * wakes a local worker when it may start now: a worker polls every 2 s otherwise.
   */
  async function queue(userId: string, afterSeconds = 0): Promise<void> {
    const id = await boss.send(QUEUE, { userId } satisfies BackfillJob, {
      singletonKey: userId,
      startAfter: afterSeconds,
    })
    const worker = workerIds[Math.floor(Math.random() * workerIds.length)]
    if (id && afterSeconds === 0 && worker) boss.notifyWorker(worker)
  }

  /** One page of older threads, fetched whole; the new progress, or null when there is none to do. */
  async function step(gmail: GmailSession, userId: string) {
    const state = await repo.getSyncState(userId)
    if (!state?.fullSyncCompletedAt || state.backfillDoneAt) return null
    // The query is fixed when the backfill starts: the page token belongs to it.
    const query = state.backfillQuery ?? windowQuery('before', options.windowDays)
    const page = await gmail.threads.list({
      q: query,
      maxResults: options.backfillPageSize,
      pageToken: state.backfillPageToken ?? undefined,
    })
    const listed = (page.threads ?? []).filter((t) => t.id)
    const ids = listed.map((t) => t.id!)
    const known = await repo.knownThreadIds(userId, ids)
    await deps.sync.fetchThreads(
      gmail,
      userId,
      listed.filter((t) => !known.has(`${t.id}:${t.historyId}`)).map((t) => t.id!),
    )
    const reached = await repo.oldestMessageDate(userId, ids)
    const previous = state.backfillOldestDate
    const backfillThreads = state.backfillThreads + listed.length
    const changes = {
      backfillQuery: query,
      backfillPageToken: page.nextPageToken ?? null,
      backfillThreads,
      backfillOldestDate: previous && (!reached || previous < reached) ? previous : reached,
      backfillDoneAt: page.nextPageToken ? null : new Date(),
      backfillEtaSeconds: page.nextPageToken
        ? await estimate(gmail, backfillThreads, page.resultSizeEstimate)
        : null,
    }
    await repo.saveSyncState(userId, changes)
    return changes
  }

  /**
   * The time left after a step: Gmail's `resultSizeEstimate` counts every thread the
   * backfill's query matches, whatever the page token. Unpaced (the stand-in without a quota)
   * there is no rate to divide by, and no estimate.
   */
  async function estimate(
    gmail: GmailSession,
    listedThreads: number,
    estimatedThreads: number | null | undefined,
  ): Promise<number | null> {
    const headroom = estimatedThreads ? await gmail.quotaHeadroom() : null
    if (!headroom || !estimatedThreads) return null
    const threadUnits =
      gmail.priceOf('threadsGet') + gmail.priceOf('threadsList') / options.backfillPageSize
    return backfillEta({
      estimatedThreads,
      listedThreads,
      threadUnits,
      unitsPerMinute: headroom.unitsPerMinute,
    })
  }

  /** Seconds until the bucket can pay for a step and keep its reserve; 0 when it can now. */
  async function secondsUntilAffordable(gmail: GmailSession): Promise<number> {
    const headroom = await gmail.quotaHeadroom()
    if (!headroom) return 0
    const cost =
      gmail.priceOf('threadsList') + options.backfillPageSize * gmail.priceOf('threadsGet')
    // Half a minute's units stay for opening mail, sending and syncing new mail.
    const needed = Math.min(headroom.unitsPerMinute, cost + headroom.unitsPerMinute / 2)
    if (headroom.available >= needed) return 0
    return Math.ceil(((needed - headroom.available) * 60) / headroom.unitsPerMinute)
  }

  /** One step of the user's backfill, then the next one queued behind everyone else's. */
  async function run(userId: string): Promise<void> {
    const gmail = await deps.gmailFor(userId)
    if (!gmail) return
    const wait = await secondsUntilAffordable(gmail)
    if (wait > 0) return queue(userId, wait)
    let locked
    try {
      locked = await repo.withSyncLock(userId, () => step(gmail, userId))
    } catch (error) {
      // Pace, don't fail: Gmail gone stops it; anything else is tried again later.
      if (error instanceof AppError && error.statusCode === 401) return
      // Refused as over the quota (the refusal emptied the bucket): again once the bucket can
      // pay for a step, not a minute later. Under a Gmail stricter than the bucket, a minute's
      // wait after each refusal cost the backfill over a third of its rate (decision 054).
      if (error instanceof AppError && error.statusCode === 429) {
        return queue(userId, Math.max(BUSY_RETRY_SECONDS, await secondsUntilAffordable(gmail)))
      }
      log.warn({ err: error, userId }, 'a backfill step failed; trying again later')
      return queue(userId, FAILED_RETRY_SECONDS)
    }
    if (!locked) return queue(userId, BUSY_RETRY_SECONDS)
    const progress = locked.value
    if (!progress) return
    await deps.events
      .publish(userId, {
        type: 'mail.backfill',
        done: progress.backfillDoneAt !== null,
        threads: progress.backfillThreads,
        oldestDate: progress.backfillOldestDate?.toISOString() ?? null,
        ...(progress.backfillEtaSeconds !== null
          ? { etaSeconds: progress.backfillEtaSeconds }
          : {}),
      })
      .catch((error: unknown) =>
        log.warn({ err: error, userId }, 'publishing backfill progress failed'),
      )
    if (!progress.backfillDoneAt) await queue(userId)
  }

  return {
    async start(): Promise<void> {
      // stately: one queued and one running step job per user. A job lost with its instance
      // is taken back and retried; the sync asks for the backfill again after each sync anyway.
      await jobs.ensureQueue(QUEUE, { policy: 'stately', retryLimit: 2 })
      for (let i = 0; i < deps.workers; i++) {
        workerIds.push(
          await jobs.work<BackfillJob>(QUEUE, { pollingIntervalSeconds: 2 }, (job) =>
            run(job.data.userId),
          ),
        )
      }
    },

    /** Queues the user's backfill unless it is done (after each successful sync). */
    async request(userId: string): Promise<void> {
      const state = await repo.getSyncState(userId)
      if (state?.fullSyncCompletedAt && !state.backfillDoneAt) await queue(userId)
    },
  }
}

export type MailBackfill = ReturnType<typeof createMailBackfill>
