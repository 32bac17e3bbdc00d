import type { FastifyBaseLogger } from 'fastify'
import type { gmail_v1 } from '@googleapis/gmail'
import { mapWithConcurrency } from '../../lib/concurrency.js'
import { AppError } from '../../lib/errors.js'
import { sqlState } from '../../lib/sql-state.js'
import type { GmailSession } from './gmail.js'
import { parseGmailMessage, UnreadableMessage, type ParsedMessage } from './parse.js'
import type { MailRepository, SkippedMessage } from './repository.js'
import { httpStatus } from './retry.js'
import { ROW_LIMITS, storableText } from './storable.js'
import { NotFound } from '../../lib/errors.js'

export type SyncOptions = {
  /** How far back the full sync reaches (D8: the last 90 days by default). */
  windowDays: number
  /** Gmail calls in flight per user; Gmail answers 429 past about 25. */
  concurrency: number
  /** Threads fetched first, so the inbox shows before the rest is in. */
  firstPageSize: number
  pageSize: number
}

export type SyncOutcome = { full: boolean; changed: number }

/** Gmail's date query: `after:YYYY/MM/DD`. */
function afterQuery(windowDays: number, now = new Date()): string {
  const since = new Date(now.getTime() - windowDays * 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `after:${since.getUTCFullYear()}/${pad(since.getUTCMonth() + 1)}/${pad(since.getUTCDate())}`
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

/** Thread ids a history page touches, whatever the kind of change. */
function touchedThreads(history: gmail_v1.Schema$History[]): Set<string> {
  const ids = new Set<string>()
  for (const entry of history) {
    for (const m of entry.messages ?? []) if (m.threadId) ids.add(m.threadId)
    for (const list of [
      entry.messagesAdded,
      entry.messagesDeleted,
      entry.labelsAdded,
      entry.labelsRemoved,
    ]) {
      for (const change of list ?? [])
        if (change.message?.threadId) ids.add(change.message.threadId)
    }
  }
  return ids
}

/**
 * The sync engine of one user's mailbox (decision D8). A full sync fetches the first page
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

  /**
   * Fetches a thread and caches it. A message that cannot be read or stored is skipped —
   * logged by id with its reason and recorded — and the thread's other messages go in.
   */
  async function fetchThread(
    gmail: GmailSession,
    userId: string,
    threadId: string,
  ): Promise<SkippedMessage[]> {
    try {
      const thread = await gmail.call('threadsGet', (api) =>
        api.users.threads.get({ userId: 'me', id: threadId, format: 'full' }),
      )
      const parsed: ParsedMessage[] = []
      const unreadable: SkippedMessage[] = []
      for (const [index, message] of (thread.messages ?? []).entries()) {
        try {
          parsed.push(parseGmailMessage(message))
        } catch (error) {
          const reason =
            error instanceof UnreadableMessage ? error.reason : (error as Error).name || 'error'
          // Without a usable id, the message's place in its thread names it.
          const gmailId =
            typeof message.id === 'string' && message.id ? message.id : `${threadId}#${index}`
          unreadable.push({ gmailId, reason: `unreadable:${reason}` })
        }
      }
      const skipped = await repo.replaceThread(userId, threadId, parsed, unreadable)
      for (const { gmailId, reason } of skipped) {
        log.warn({ userId, threadId, gmailId, reason }, 'mail message skipped: cannot be stored')
      }
      return skipped
    } catch (error) {
      // Deleted in Gmail between the listing and this fetch: it leaves the cache too.
      if (!(error instanceof NotFound)) throw error
      await repo.deleteThread(userId, threadId)
      return []
    }
  }

  /** Names of the user's own labels (Gmail lists threads by label id), refreshed each sync. */
  async function syncLabelNames(gmail: GmailSession, userId: string) {
    const { labels = [] } = await gmail.call('labelsList', (api) =>
      api.users.labels.list({ userId: 'me' }),
    )
    const names = Object.fromEntries(
      labels
        .filter((l) => l.type === 'user' && l.id && l.name)
        .map((l) => [
          storableText(l.id, ROW_LIMITS.idChars),
          storableText(l.name, ROW_LIMITS.headerChars),
        ]),
    )
    await repo.saveSyncState(userId, { labelNames: names })
  }

  async function fetchThreads(gmail: GmailSession, userId: string, ids: string[]) {
    await mapWithConcurrency(ids, options.concurrency, (id) => fetchThread(gmail, userId, id))
  }

  async function fullSync(
    gmail: GmailSession,
    userId: string,
    onFirstPage: () => void,
  ): Promise<SyncOutcome> {
    const startedAt = new Date()
    const seen = new Set<string>()
    const first = await gmail.call('threadsList', (api) =>
      api.users.threads.list({
        userId: 'me',
        labelIds: ['INBOX'],
        maxResults: options.firstPageSize,
      }),
    )
    const firstIds = (first.threads ?? []).map((t) => t.id!).filter(Boolean)
    await fetchThreads(gmail, userId, firstIds)
    firstIds.forEach((id) => seen.add(id))
    // Resume point for incremental syncs: no later than anything this sync has read.
    let historyId = maxHistoryId((first.threads ?? []).map((t) => t.historyId))
    if (historyId) await repo.saveSyncState(userId, { historyId })
    onFirstPage()
    // Statistics from the first page already tell the planner how the user's rows look; it
    // scales them as the table grows (without any, it sorts the whole inbox for every page).
    await repo.analyze()

    let pageToken: string | undefined
    do {
      const page = await gmail.call('threadsList', (api) =>
        api.users.threads.list({
          userId: 'me',
          q: afterQuery(options.windowDays),
          maxResults: options.pageSize,
          pageToken,
        }),
      )
      const listed = (page.threads ?? []).filter((t) => t.id)
      historyId ??= maxHistoryId(listed.map((t) => t.historyId))
      // A thread already cached at the same historyId has not changed: skip the 40 units.
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

    const removed = await repo.deleteThreadsNotIn(userId, seen, startedAt)
    await repo.analyze()
    await repo.saveSyncState(userId, {
      historyId,
      fullSyncCompletedAt: new Date(),
      lastSyncedAt: new Date(),
      lastError: null,
    })
    return { full: true, changed: seen.size + removed }
  }

  /** Replays history since `startHistoryId`; null when Gmail no longer has it (404). */
  async function incrementalSync(
    gmail: GmailSession,
    userId: string,
    startHistoryId: string,
  ): Promise<SyncOutcome | null> {
    const touched = new Set<string>()
    let latest = startHistoryId
    let pageToken: string | undefined
    try {
      do {
        const page = await gmail.call('historyList', (api) =>
          api.users.history.list({ userId: 'me', startHistoryId, maxResults: 500, pageToken }),
        )
        touchedThreads(page.history ?? []).forEach((id) => touched.add(id))
        latest = maxHistoryId([latest, page.historyId]) ?? latest
        pageToken = page.nextPageToken ?? undefined
      } while (pageToken)
    } catch (error) {
      if (error instanceof NotFound) return null
      throw error
    }
    await fetchThreads(gmail, userId, [...touched])
    await repo.saveSyncState(userId, {
      historyId: latest,
      lastSyncedAt: new Date(),
      lastError: null,
    })
    return { full: false, changed: touched.size }
  }

  return {
    /** Fetches one thread again, so the cache shows what Gmail has now (after a send). */
    refreshThread: fetchThread,

    /**
     * Brings the cache up to date with Gmail. Returns null when another sync of this user
     * is running (in this process or another one on the same database).
     */
    async sync(
      gmail: GmailSession,
      userId: string,
      onFirstPage: () => void = () => {},
    ): Promise<SyncOutcome | null> {
      const locked = await repo.withSyncLock(userId, async () => {
        const state = await repo.getSyncState(userId)
        try {
          await syncLabelNames(gmail, userId)
          if (state?.historyId && state.fullSyncCompletedAt) {
            const outcome = await incrementalSync(gmail, userId, state.historyId)
            if (outcome) {
              onFirstPage()
              return outcome
            }
            log.info({ userId }, 'history expired (404): full resync')
          }
          return await fullSync(gmail, userId, onFirstPage)
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
      })
      return locked?.value ?? null
    },
  }
}

export type MailSync = ReturnType<typeof createMailSync>
