import type { FastifyBaseLogger } from 'fastify'
import type { GmailHistory } from '../gmail/types.js'
import type { ArrivedMail } from '../../../../contract/mail.js'
import { AppError } from '../../../lib/errors.js'
import { sqlState } from '../../../lib/sql-state.js'
import type { GmailSession } from '../gmail/session.js'
import { parseThreadMessages } from '../message/parse.js'
import type { ParsedMessage } from '../message/parsed-message.js'
import { fetchAndWriteInBatches } from './batched-writes.js'
import { fetchFirstPageByMetadata } from './first-page.js'
import type { MailRepository } from '../store/repository.js'
import type { SkippedMessage } from '../store/skipped-messages.js'
import { httpStatus } from '../gmail/retry.js'
import { ROW_LIMITS, storableText } from '../message/storable.js'
import { NotFound } from '../../../lib/errors.js'

export type SyncOptions = {
  /** How far back the full sync reaches (decision 004: the last 90 days by default). */
  windowDays: number
  /** Gmail calls in flight per user; Gmail answers 429 past about 25. */
  concurrency: number
  /** Threads fetched first, so the inbox shows before the rest is in. */
  firstPageSize: number
  pageSize: number
  /** Threads a backfill step lists and fetches (decision 023). */
  backfillPageSize: number
}

/** `arrived`: new inbox mail an incremental sync saw (decision 037), at most MAX_ARRIVED. */
export type SyncOutcome = { full: boolean; changed: number; arrived?: ArrivedMail[] }

/** A burst of new mail is announced by its newest few; the inbox shows the rest. */
const MAX_ARRIVED = 10

/** How long a sync waits for the mailbox's lock: 50 tries, 200 ms apart. */
const LOCK_ATTEMPTS = 50
const LOCK_RETRY_MS = 200

const DAY_MS = 86_400_000

/**
 * At most this many threads, and this much of their messages' size, are written to the cache in
 * one transaction (decision 060).
 */
const WRITE_BATCH_THREADS = 50
const WRITE_BATCH_SIZE = 4_000_000
/**
 * A message's size in a batch: its bodies' characters, and 2,000 for the rest of its row. So a
 * batch also holds at most 2,000 messages, well within a statement's 65,535 parameters.
 */
const MESSAGE_ROW_SIZE = 2_000

/** A thread as fetched, not yet written: `fetchedAt` is the `localChangeMark` before the fetch. */
type FetchedThread = {
  threadId: string
  messages: ParsedMessage[]
  skipped: SkippedMessage[]
  fetchedAt: number
}

const sizeOf = (thread: FetchedThread) =>
  thread.messages.reduce(
    (sum, m) => sum + MESSAGE_ROW_SIZE + m.textBody.length + (m.htmlBody?.length ?? 0),
    0,
  )

/** The first day of the sync window, at 00:00 UTC. */
function windowStart(windowDays: number, now = new Date()): Date {
  const since = new Date(now.getTime() - windowDays * DAY_MS)
  return new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate()))
}

/**
 * Gmail's date query on the window's first day: `after:YYYY/MM/DD` lists the window (the full
 * sync), `before:YYYY/MM/DD` what is older (the backfill).
 */
export function windowQuery(side: 'after' | 'before', windowDays: number, now = new Date()) {
  const since = windowStart(windowDays, now)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${side}:${since.getUTCFullYear()}/${pad(since.getUTCMonth() + 1)}/${pad(since.getUTCDate())}`
}

function maxHistoryId(ids: (string | null | undefined)[]): string | null {
  let best: bigint | null = null
  for (const id of ids) {
    if (!id) continue
    const value = BigInt(id)
    if (best === null || value > best) best = value
  }
  return best === null ? null : best.toString()
}

/**
 * A failed sync, told without what the mail holds: a database error's message carries the
 * query's parameters (whole messages), which must reach neither the log nor `last_error`.
 */
export class MailSyncFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MailSyncFailed'
  }
}

/** Why a sync failed, in plain words the inbox can show (`last_error`); never mail content. */
export function describeSyncFailure(error: unknown): string {
  if (error instanceof AppError || error instanceof MailSyncFailed) return error.message
  const status = httpStatus(error)
  if (status !== undefined) return `Gmail answered with an error (HTTP ${status}).`
  const state = sqlState(error)
  if (state) return `Inkwell could not save your mail (database error ${state}).`
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) {
    return `Inkwell could not reach Gmail (${code}).`
  }
  return `Inkwell hit an unexpected error (${(error as Error | null)?.name ?? 'unknown'}).`
}

/** Ids of the messages the history says were added (the newest last), each once. */
function addedMessages(history: GmailHistory[]): string[] {
  const ids = new Set<string>()
  for (const entry of history) {
    for (const added of entry.messagesAdded ?? []) {
      if (added.message?.id) ids.add(added.message.id)
    }
  }
  return [...ids]
}

/**
 * Adds to `ids` the threads a history page touches, whatever the kind of change; a thread
 * touched again moves to the end, so the set runs from the least to the most recently changed.
 */
function addTouchedThreads(ids: Set<string>, history: GmailHistory[]): void {
  const touch = (id: string | null | undefined) => {
    if (!id) return
    ids.delete(id)
    ids.add(id)
  }
  for (const entry of history) {
    for (const m of entry.messages ?? []) touch(m.threadId)
    for (const list of [
      entry.messagesAdded,
      entry.messagesDeleted,
      entry.labelsAdded,
      entry.labelsRemoved,
    ]) {
      for (const change of list ?? []) touch(change.message?.threadId)
    }
  }
}

/**
 * The sync engine of one user's mailbox (decision 004). A full sync fetches the first page
 * of the inbox first (and reports it through `onFirstPage`), then the rest of the window;
 * later syncs replay `history.list` from the stored historyId, and fall back to a full
 * resync when Gmail says that historyId is too old (404).
 */
export function createMailSync(deps: {
  repo: MailRepository
  options: SyncOptions
  log: FastifyBaseLogger
}) {
  const { repo, options, log } = deps

  function logSkips(userId: string, threadId: string, skipped: SkippedMessage[]) {
    for (const { gmailId, reason } of skipped) {
      log.warn({ userId, threadId, gmailId, reason }, 'mail message skipped: cannot be stored')
    }
  }

  /**
   * Fetches a thread and caches it. A message that cannot be read or stored is skipped —
   * logged by id with its reason and recorded — and the thread's other messages go in.
   *
   * A copy fetched while the user acted on the thread (archived it during the first sync) may
   * be from before the action: it is not written, and the thread is fetched again (decision
   * 039). Acted on again during that fetch, the cache keeps the actions' labels, and the next
   * sync brings the rest (the actions are in Gmail's history after the stored historyId).
   */
  async function fetchThread(
    gmail: GmailSession,
    userId: string,
    threadId: string,
    attempts = 2,
  ): Promise<SkippedMessage[]> {
    try {
      for (let attempt = 1; ; attempt++) {
        const fetchedAt = await repo.localChangeMark()
        const thread = await gmail.threads.get(threadId, 'full')
        const { parsed, unreadable } = parseThreadMessages(threadId, thread.messages ?? [])
        const skipped = await repo.replaceThread(userId, threadId, parsed, unreadable, {
          fetchedAt,
        })
        if (skipped) {
          logSkips(userId, threadId, skipped)
          return skipped
        }
        if (attempt >= attempts) return []
      }
    } catch (error) {
      // Deleted in Gmail between the listing and this fetch: it leaves the cache too.
      if (!(error instanceof NotFound)) throw error
      await repo.deleteThread(userId, threadId)
      return []
    }
  }

  /**
   * The user's labels (names, kinds, colours), read on every sync: Gmail's history says nothing
   * when a label is created, renamed or deleted, and the list costs 1 unit (decision 052).
   */
  async function syncLabelNames(gmail: GmailSession, userId: string) {
    const { labels = [] } = await gmail.labels.list()
    await repo.replaceLabels(
      userId,
      labels
        .filter((l) => l.id && l.name)
        .map((l) => ({
          id: storableText(l.id, ROW_LIMITS.idChars),
          name: storableText(l.name, ROW_LIMITS.headerChars),
          type: l.type === 'user' ? ('user' as const) : ('system' as const),
          backgroundColor: l.color?.backgroundColor ?? null,
          textColor: l.color?.textColor ?? null,
        })),
    )
  }

  /** The cold first page, with the labels' names it shows (fetched alongside). */
  async function firstPageByMetadata(gmail: GmailSession, userId: string, labels: Promise<void>) {
    const page = fetchFirstPageByMetadata(
      {
        repo,
        pageSize: options.firstPageSize,
        concurrency: options.concurrency,
        onSkipped: (threadId, skipped) => logSkips(userId, threadId, skipped),
      },
      gmail,
      userId,
    )
    const [first] = await Promise.all([page, labels])
    return first
  }

  /**
   * Fetches threads whole and caches them, in `ids`' order as far as concurrency allows: many
   * fetches in flight, their copies written a batch at a time (decision 060). Each copy keeps
   * the mark read before its fetch began, as `fetchThread` does; one the user acted on since
   * is fetched again on its own (decision 039).
   */
  async function fetchThreads(gmail: GmailSession, userId: string, ids: string[]) {
    let mark = await repo.localChangeMark()
    await fetchAndWriteInBatches<string, FetchedThread>(
      ids,
      {
        concurrency: options.concurrency,
        maxBatch: WRITE_BATCH_THREADS,
        maxWeight: WRITE_BATCH_SIZE,
        weight: sizeOf,
      },
      async (threadId) => {
        const fetchedAt = mark
        try {
          const thread = await gmail.threads.get(threadId, 'full')
          const { parsed, unreadable } = parseThreadMessages(threadId, thread.messages ?? [])
          return { threadId, messages: parsed, skipped: unreadable, fetchedAt }
        } catch (error) {
          // Deleted in Gmail between the listing and this fetch: it leaves the cache too.
          if (!(error instanceof NotFound)) throw error
          await repo.deleteThread(userId, threadId)
          return null
        }
      },
      async (batch) => {
        // Fetches that start after this read are judged against actions made up to it.
        mark = await repo.localChangeMark()
        const answers = await repo.replaceThreads(userId, batch)
        for (const [index, { threadId }] of batch.entries()) {
          const skipped = answers[index]
          if (skipped) logSkips(userId, threadId, skipped)
          else await fetchThread(gmail, userId, threadId, 1)
        }
      },
    )
  }

  async function fullSync(
    gmail: GmailSession,
    userId: string,
    labels: Promise<void>,
    onFirstPage: () => void,
    cold: boolean,
  ): Promise<SyncOutcome> {
    const startedAt = new Date()
    const seen = new Set<string>()
    // A cold cache shows its first page as soon as it can (decision 023); a warm one (a resync
    // after history expired) already shows the inbox, and the window below refreshes it.
    let first: { threadIds: string[]; historyId: string | null } = {
      threadIds: [],
      historyId: null,
    }
    if (cold) first = await firstPageByMetadata(gmail, userId, labels)
    else await labels
    // Resume point for incremental syncs: no later than anything this sync has read.
    let historyId = first.historyId
    if (historyId) await repo.saveSyncState(userId, { historyId })
    onFirstPage()
    // Statistics from the first page already tell the planner how the user's rows look; it
    // scales them as the table grows (without any, it sorts the whole inbox for every page).
    await repo.analyze()

    let pageToken: string | undefined
    do {
      const page = await gmail.threads.list({
        q: windowQuery('after', options.windowDays, startedAt),
        maxResults: options.pageSize,
        pageToken,
      })
      const listed = (page.threads ?? []).filter((t) => t.id)
      historyId ??= maxHistoryId(listed.map((t) => t.historyId))
      // A thread already cached whole at the same historyId has not changed: skip the 40 units
      // (the first page's threads are cached with headers only, and are fetched now).
      const known = await repo.knownThreadIds(
        userId,
        listed.map((t) => t.id!),
      )
      const stale = listed.filter((t) => !seen.has(t.id!) && !known.has(`${t.id}:${t.historyId}`))
      await fetchThreads(
        gmail,
        userId,
        stale.map((t) => t.id!),
      )
      listed.forEach((t) => seen.add(t.id!))
      pageToken = page.nextPageToken ?? undefined
    } while (pageToken)

    first.threadIds.forEach((id) => seen.add(id))
    // A day's margin: Gmail reads `after:` dates in its own time zone.
    const listedSince = new Date(windowStart(options.windowDays, startedAt).getTime() + DAY_MS)
    const removed = await repo.deleteThreadsNotIn(userId, seen, startedAt, listedSince)
    await repo.analyze()
    await repo.saveSyncState(userId, {
      historyId,
      fullSyncCompletedAt: new Date(),
      lastSyncedAt: new Date(),
      lastError: null,
    })
    return { full: true, changed: seen.size + removed }
  }

  /**
   * Which added messages are new inbox mail, read from the cache just filled: in the inbox, not
   * sent by the user (SENT) nor a draft. Read from the cache, not the history entry, so a
   * message archived again meanwhile is not announced.
   */
  async function arrivedMail(userId: string, added: string[]): Promise<ArrivedMail[]> {
    const arrived: ArrivedMail[] = []
    for (const id of added.slice(-MAX_ARRIVED)) {
      const m = await repo.getMessage(userId, id)
      if (!m || !m.labels.includes('INBOX')) continue
      if (m.labels.includes('SENT') || m.labels.includes('DRAFT')) continue
      arrived.push({
        threadId: m.threadId,
        messageId: m.gmailId,
        fromName: m.fromName,
        fromEmail: m.fromEmail,
        subject: m.subject,
      })
    }
    return arrived
  }

  /** Replays history since `startHistoryId`; null when Gmail no longer has it (404). */
  async function incrementalSync(
    gmail: GmailSession,
    userId: string,
    startHistoryId: string,
  ): Promise<SyncOutcome | null> {
    const touched = new Set<string>()
    const added: string[] = []
    let latest = startHistoryId
    let pageToken: string | undefined
    try {
      do {
        const page = await gmail.history.list(startHistoryId, pageToken)
        addTouchedThreads(touched, page.history ?? [])
        added.push(...addedMessages(page.history ?? []))
        latest = maxHistoryId([latest, page.historyId]) ?? latest
        pageToken = page.nextPageToken ?? undefined
      } while (pageToken)
    } catch (error) {
      if (error instanceof NotFound) return null
      throw error
    }
    // The most recently changed first: a burst of new mail fills the top of the inbox first.
    await fetchThreads(gmail, userId, [...touched].reverse())
    await repo.saveSyncState(userId, {
      historyId: latest,
      lastSyncedAt: new Date(),
      lastError: null,
    })
    return { full: false, changed: touched.size, arrived: await arrivedMail(userId, added) }
  }

  /** One sync, holding the mailbox's lock. */
  async function syncLocked(
    gmail: GmailSession,
    userId: string,
    onFirstPage: () => void,
  ): Promise<SyncOutcome> {
    const state = await repo.getSyncState(userId)
    try {
      const labels = syncLabelNames(gmail, userId)
      // Awaited below (a full sync, alongside its first page); meanwhile a failure must not
      // count as unhandled.
      labels.catch(() => {})
      if (state?.historyId && state.fullSyncCompletedAt) {
        await labels
        const outcome = await incrementalSync(gmail, userId, state.historyId)
        if (outcome) {
          onFirstPage()
          return outcome
        }
        log.info({ userId }, 'history expired (404): full resync')
      }
      return await fullSync(gmail, userId, labels, onFirstPage, !state?.historyId)
    } catch (error) {
      const reason = describeSyncFailure(error)
      // Recording may fail too (the database is what failed): the sync's error matters more.
      await repo
        .saveSyncState(userId, { lastError: storableText(reason, ROW_LIMITS.headerChars) })
        .catch((failure: unknown) =>
          log.warn({ userId, code: sqlState(failure) }, 'recording the sync failure failed'),
        )
      // Typed errors are already safe to show and log; anything else may carry mail.
      throw error instanceof AppError ? error : new MailSyncFailed(reason)
    }
  }

  return {
    /** Fetches one thread again, so the cache shows what Gmail has now (after a send). */
    refreshThread: fetchThread,

    /** Fetches threads whole and caches them (the backfill's threads). */
    fetchThreads,

    /**
     * Brings the cache up to date with Gmail. Returns null when another sync of this user
     * holds the mailbox (in this process or another one on the same database) past a wait.
     */
    async sync(
      gmail: GmailSession,
      userId: string,
      onFirstPage: () => void = () => {},
    ): Promise<SyncOutcome | null> {
      // A backfill step holds the lock for a page of threads (a second or so): wait it out
      // rather than skip this sync.
      for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
        const locked = await repo.withSyncLock(userId, () => syncLocked(gmail, userId, onFirstPage))
        if (locked) return locked.value
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS))
      }
      return null
    },
  }
}

export type MailSync = ReturnType<typeof createMailSync>
