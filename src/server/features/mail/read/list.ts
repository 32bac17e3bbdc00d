/**
 * The thread lists: a label's page or a search, from the cache (and from Gmail too for a
 * search of all mail), with the ETag each answer carries and the in-memory snapshots of the
 * mailbox those ETags rest on (decisions 024 and 038).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { ThreadList } from '../../../../contract/mail.js'
import type { UserRow } from '../../../db/schema.js'
import { BadRequest } from '../../../lib/errors.js'
import type { EventBus } from '../../../lib/events.js'
import { backfillProgress } from '../sync/backfill.js'
import { GmailNotConnected } from '../gmail/call.js'
import type { GmailSession } from '../gmail/session.js'
import { hasFirstPage, listEtag, type ListQuery } from './list-etag.js'
import { createMailboxSnapshots } from './mailbox-snapshots.js'
import { presentThread } from './present.js'
import type { MailRepository } from '../store/repository.js'
import type { MailScheduler } from '../sync/scheduler.js'
import { mergeResults, searchGmail } from './search-all.js'
import { parseSearch } from '../store/search-query.js'
import {
  ALL_MAIL,
  decodeCursor,
  encodeCursor,
  type ListFilter,
} from '../store/thread-reads-repository.js'

/**
 * A list answer about to be made: its ETag, read before any page is (null when the answer
 * depends on Gmail, a search of all mail, which no version covers), and the page's build.
 */
export type PreparedList = { etag: string | null; build: () => Promise<ThreadList> }

/**
 * How long a list's ETag may rest on a kept snapshot. Events drop it sooner; this bounds what
 * no event announces (a sync just queued shows its spinner at most this late).
 */
const SNAPSHOT_TTL_MS = 1000

const GMAIL_SEARCH_FAILED =
  'Gmail could not be searched just now: these results are from the mail Inkwell has.'

export function createMailLists(deps: {
  repo: MailRepository
  scheduler: MailScheduler
  gmailFor: (user: UserRow) => GmailSession
  events: EventBus
  log: FastifyBaseLogger
}) {
  const { repo, scheduler, gmailFor, log } = deps

  /** What each list answer's ETag rests on, kept in memory (decision 038). */
  const snapshots = createMailboxSnapshots({
    read: async (userId) => {
      const [state, syncing, version] = await Promise.all([
        repo.getSyncState(userId),
        scheduler.isSyncing(userId),
        repo.mailboxVersion(userId),
      ])
      return { state, syncing, version }
    },
    keep: (snapshot) => hasFirstPage(snapshot.state),
    events: deps.events,
    ttlMs: SNAPSHOT_TTL_MS,
  })

  return {
    /** Forgets the user's kept snapshot: the next answer reads the mailbox afresh. */
    forget: (userId: string) => snapshots.forget(userId),

    /**
     * The ETag a list answer for `query` would carry now, from this instance's kept snapshot
     * alone (no query at all), or null when none is kept: what a revalidation is answered
     * from before its session is even looked up (decision 038). Like `prepareList`, it asks for
     * a sync when the mailbox is stale.
     */
    keptListEtag(userId: string, query: ListQuery): string | null {
      const snapshot = snapshots.peek(userId)
      if (!snapshot?.state || !hasFirstPage(snapshot.state)) return null
      scheduler.syncIfStale(snapshot.state).catch((error: unknown) => {
        log.warn({ err: error, userId }, 'asking for a sync of a stale mailbox failed')
      })
      return listEtag(snapshot, query)
    },

    /**
     * The inbox from the cache; a first visit waits for the first page of the first sync. The
     * answer's ETag comes from the mailbox's snapshot (decision 038), read before any page, so
     * an unchanged list answers 304, or its kept copy, without being built (decision 024).
     */
    async prepareList(user: UserRow, query: ListQuery): Promise<PreparedList> {
      if (!user.gmailConnected) throw new GmailNotConnected()
      const cursor = query.cursor ? decodeCursor(query.cursor) : null
      if (query.cursor && !cursor) throw new BadRequest('cursor: is not a cursor from this API')
      const parsed = query.q ? parseSearch(query.q) : null
      // An instant search looks within the list being searched; Search all mail everywhere.
      // All mail is no label on the rows: a search already leaves out Spam and Trash.
      const terms =
        parsed && query.scope === 'label' && query.label !== ALL_MAIL
          ? [...parsed, { kind: 'label' as const, value: query.label, negated: false }]
          : parsed
      let snapshot = await snapshots.get(user.id)
      if (!hasFirstPage(snapshot.state)) {
        // A first visit waits for the first page of the first sync, on whichever instance.
        await scheduler.firstPage(user.id, async () =>
          hasFirstPage(await repo.getSyncState(user.id)),
        )
        snapshot = await snapshots.get(user.id)
      } else if (snapshot.state) {
        await scheduler.syncIfStale(snapshot.state)
      }
      const { state, syncing } = snapshot
      const names = state?.labelNames ?? {}
      const backfill = backfillProgress(state)
      const askGmail = Boolean(query.q && query.scope === 'all' && !cursor)
      const etag = listEtag(snapshot, query)
      return { etag, build: () => buildList() }

      async function buildList(): Promise<ThreadList> {
        // A search reads the whole cache; a label page reads its rows and its kept count.
        const filter: ListFilter = terms
          ? { label: query.label, search: { terms, labelNames: names } }
          : { label: query.label }
        const [rows, total] = await Promise.all([
          repo.listThreads(user.id, { ...filter, limit: query.limit, cursor }),
          repo.countThreads(user.id, filter),
        ])
        const last = rows.at(-1)
        const list: ThreadList = {
          threads: rows.map((row) => presentThread(row, names)),
          nextCursor:
            rows.length === query.limit && last
              ? encodeCursor({ date: last.thread.listDate, threadId: last.thread.threadId })
              : null,
          total,
          syncing,
          syncError: state?.lastError ?? null,
          skippedMessages: state?.skippedMessages ?? 0,
          backfill,
        }
        if (askGmail) {
          try {
            const found = await searchGmail({
              gmail: gmailFor(user),
              repo,
              userId: user.id,
              q: query.q!,
              limit: query.limit,
              labelNames: names,
            })
            const merged = mergeResults(list.threads, found)
            list.total += merged.length - list.threads.length
            list.threads = merged
          } catch (error) {
            // Not connected any more is the user's to fix; anything else leaves the cache's answer.
            if (error instanceof GmailNotConnected) throw error
            log.warn({ err: error }, 'searching Gmail failed; answering from the cache')
            list.notice = GMAIL_SEARCH_FAILED
          }
        }
        return list
      }
    },
  }
}

export type MailLists = ReturnType<typeof createMailLists>
