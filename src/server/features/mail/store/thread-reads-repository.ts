/**
 * What the lists and the viewer read from the mail cache: pages of threads in the list's shape,
 * their counts, one thread with its messages, and the lookups the sync makes. The writes are in
 * `repository.ts`, which composes this into the one mail repository.
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import { gmailId } from '../../../../contract/mail.js'
import type { Database } from '../../../db/client.js'
import {
  emailMessages,
  emailThreads,
  mailboxVersions,
  mailLabelCounts,
} from '../../../db/schema.js'
import { searchConditions } from './search-filter.js'
import type { SearchTerm } from './search-query.js'

/** A cached message as the app reads it: the search vector is the database's own. */
export type MessageRow = Omit<typeof emailMessages.$inferSelect, 'searchVector'>
const { searchVector: _searchVector, ...readColumns } = getTableColumns(emailMessages)
/** The columns of a `MessageRow`, for the selects that read one. */
export const messageColumns = readColumns

export type ThreadListRow = {
  thread: typeof emailThreads.$inferSelect
  latest: Omit<MessageRow, 'htmlBody' | 'textBody' | 'metadataOnly'> & { hasHtml: boolean }
}

/** Which threads a list shows: a label, or a search (parsed) over the whole mailbox. */
export type ListFilter = {
  label: string
  search?: { terms: SearchTerm[]; labelNames: Record<string, string> }
}

type Cursor = { date: Date; threadId: string }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.date.toISOString()}|${cursor.threadId}`).toString('base64url')
}

/**
 * Reads back only what `encodeCursor` makes: the same bytes re-encode to the same text, the
 * date has a four-digit year (within PostgreSQL's range) and the id is a Gmail id.
 */
export function decodeCursor(value: string): Cursor | null {
  const [iso = '', threadId = '', ...rest] = Buffer.from(value, 'base64url')
    .toString('utf8')
    .split('|')
  const date = new Date(iso)
  if (rest.length || Number.isNaN(date.getTime()) || !/^\d{4}-/.test(iso) || iso < '0001') {
    return null
  }
  if (!gmailId().safeParse(threadId).success) return null
  return encodeCursor({ date, threadId }) === value ? { date, threadId } : null
}

/**
 * The list's order, newest first, spelled as `email_threads_user_list_date_idx` is built (drizzle's
 * `.desc()` makes `desc nulls last`): a plain `desc` means `nulls first`, which PostgreSQL does
 * not match to that index even on not-null columns, so every page scanned and sorted the
 * user's whole mailbox (issue 14: 9–12 ms at 10,000 threads) instead of reading 100 entries.
 * `list_date` is the last message's date, or a snooze's return if later (migration 0016).
 */
const LIST_ORDER = sql`${emailThreads.listDate} desc nulls last, ${emailThreads.threadId} desc nulls last`

/** The list of All mail: the label id the web asks for, and the counters' pseudo-label. */
export const ALL_MAIL = 'ALL'

/** The cache read back: lists, counts, one thread, and lookups by id or header. */
export function createThreadReadsRepository(db: Database) {
  function threadFilter(userId: string, options: ListFilter): SQL {
    const conditions: SQL[] = [eq(emailThreads.userId, userId)]
    if (options.search) {
      const { terms, labelNames } = options.search
      conditions.push(...searchConditions(userId, terms, labelNames))
    } else {
      // All mail has no Gmail label: it is everything outside Spam and Trash (migration 0015
      // counts it as the pseudo-label ALL).
      if (options.label !== ALL_MAIL) {
        conditions.push(sql`${emailThreads.labels} @> array[${options.label}]::text[]`)
      }
      if (options.label === ALL_MAIL) {
        conditions.push(sql`not (${emailThreads.labels} && array['TRASH','SPAM']::text[])`)
      } else if (options.label !== 'TRASH') {
        conditions.push(sql`not (${emailThreads.labels} @> array['TRASH']::text[])`)
      }
    }
    return and(...conditions)!
  }

  /** The list's rows: each thread with its latest message's headers (no bodies). */
  function selectListRows(where: SQL, limit: number) {
    // Pick the page's threads first (an index scan that stops at `limit`), then join only
    // those to their latest message: joining first would read every body in the mailbox.
    const page = db
      .select({ id: emailThreads.id })
      .from(emailThreads)
      .where(where)
      .orderBy(LIST_ORDER)
      .limit(limit)
    return (
      db
        .select({
          thread: emailThreads,
          latest: {
            userId: emailMessages.userId,
            gmailId: emailMessages.gmailId,
            threadId: emailMessages.threadId,
            historyId: emailMessages.historyId,
            internalDate: emailMessages.internalDate,
            labels: emailMessages.labels,
            snippet: emailMessages.snippet,
            subject: emailMessages.subject,
            fromName: emailMessages.fromName,
            fromEmail: emailMessages.fromEmail,
            toHeader: emailMessages.toHeader,
            ccHeader: emailMessages.ccHeader,
            bccHeader: emailMessages.bccHeader,
            replyTo: emailMessages.replyTo,
            dateHeader: emailMessages.dateHeader,
            messageIdHeader: emailMessages.messageIdHeader,
            inReplyTo: emailMessages.inReplyTo,
            referencesHeader: emailMessages.referencesHeader,
            attachments: emailMessages.attachments,
            hasHtml: sql<boolean>`${emailMessages.htmlBody} is not null`,
          },
        })
        .from(emailThreads)
        .innerJoin(
          emailMessages,
          and(
            eq(emailMessages.userId, emailThreads.userId),
            eq(emailMessages.gmailId, emailThreads.latestMessageId),
          ),
        )
        // = any(array(...)): the page's ids are computed once, then fetched by primary key.
        .where(sql`${emailThreads.id} = any(array(${page}))`)
        .orderBy(LIST_ORDER)
    )
  }

  /** The query `listThreads` runs, unrun (list-plan.test.ts reads its plan). */
  function listThreadsQuery(
    userId: string,
    options: ListFilter & { limit: number; cursor?: Cursor | null },
  ) {
    const filter = threadFilter(userId, options)
    const after = options.cursor
      ? sql`(${emailThreads.listDate}, ${emailThreads.threadId}) < (${options.cursor.date.toISOString()}::timestamptz, ${options.cursor.threadId})`
      : undefined
    return selectListRows(after ? and(filter, after)! : filter, options.limit)
  }

  return {
    /** When the oldest cached message of these threads was received (backfill progress). */
    async oldestMessageDate(userId: string, threadIds: string[]): Promise<Date | null> {
      if (threadIds.length === 0) return null
      const [row] = await db
        .select({ oldest: sql<string | null>`min(${emailMessages.internalDate})` })
        .from(emailMessages)
        .where(and(eq(emailMessages.userId, userId), inArray(emailMessages.threadId, threadIds)))
      return row?.oldest ? new Date(row.oldest) : null
    },
    async listThreads(
      userId: string,
      options: ListFilter & { limit: number; cursor?: Cursor | null },
    ): Promise<ThreadListRow[]> {
      return listThreadsQuery(userId, options)
    },

    listThreadsQuery,

    /** One thread in the list's shape (after an action changed it). */
    async getThreadRow(userId: string, threadId: string): Promise<ThreadListRow | null> {
      const where = and(eq(emailThreads.userId, userId), eq(emailThreads.threadId, threadId))!
      const [row] = await selectListRows(where, 1)
      return row ?? null
    },

    /** The cached threads among `threadIds`, in the list's shape. */
    async getThreadRows(userId: string, threadIds: string[]): Promise<ThreadListRow[]> {
      if (threadIds.length === 0) return []
      const where = and(eq(emailThreads.userId, userId), inArray(emailThreads.threadId, threadIds))!
      return selectListRows(where, threadIds.length)
    },

    /**
     * How many threads the list holds: a label's count is kept by the database as threads
     * change (decision 024), so no page counts the mailbox; a search counts its matches.
     */
    async countThreads(userId: string, options: ListFilter): Promise<number> {
      if (!options.search) {
        const [row] = await db
          .select({ n: mailLabelCounts.threads })
          .from(mailLabelCounts)
          .where(and(eq(mailLabelCounts.userId, userId), eq(mailLabelCounts.label, options.label)))
        return row?.n ?? 0
      }
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailThreads)
        .where(threadFilter(userId, options))
      return row?.n ?? 0
    },

    /** Grows whenever any of the user's cached threads changes (the list's ETag). */
    async mailboxVersion(userId: string): Promise<number> {
      const [row] = await db
        .select({ version: mailboxVersions.version })
        .from(mailboxVersions)
        .where(eq(mailboxVersions.userId, userId))
      return row?.version ?? 0
    },

    async unreadInboxCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailThreads)
        .where(
          and(
            eq(emailThreads.userId, userId),
            sql`${emailThreads.labels} @> array['INBOX','UNREAD']::text[]`,
            sql`not (${emailThreads.labels} @> array['TRASH']::text[])`,
          ),
        )
      return row?.n ?? 0
    },

    async getThread(userId: string, threadId: string) {
      const [thread] = await db
        .select()
        .from(emailThreads)
        .where(and(eq(emailThreads.userId, userId), eq(emailThreads.threadId, threadId)))
      if (!thread) return null
      const messages = await db
        .select(messageColumns)
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.userId, userId),
            eq(emailMessages.threadId, threadId),
            // A draft cached before drafts were left out is not shown as a message either.
            sql`not (${emailMessages.labels} @> array['DRAFT']::text[])`,
          ),
        )
        .orderBy(asc(emailMessages.internalDate))
      return { thread, messages }
    },

    async getMessage(userId: string, gmailId: string) {
      const [row] = await db
        .select(messageColumns)
        .from(emailMessages)
        .where(and(eq(emailMessages.userId, userId), eq(emailMessages.gmailId, gmailId)))
      return row ?? null
    },

    /** Message-ID header → Gmail id, for the user's cached messages with those headers. */
    async messageIdsByHeader(userId: string, headers: string[]): Promise<Map<string, string>> {
      if (headers.length === 0) return new Map()
      const rows = await db
        .select({ header: emailMessages.messageIdHeader, gmailId: emailMessages.gmailId })
        .from(emailMessages)
        .where(
          and(eq(emailMessages.userId, userId), inArray(emailMessages.messageIdHeader, headers)),
        )
      return new Map(rows.map((r) => [r.header, r.gmailId]))
    },

    async knownThreadIds(userId: string, threadIds: string[]): Promise<Set<string>> {
      if (threadIds.length === 0) return new Set()
      const rows = await db
        .select({ threadId: emailThreads.threadId, historyId: emailThreads.historyId })
        .from(emailThreads)
        .where(
          and(
            eq(emailThreads.userId, userId),
            inArray(emailThreads.threadId, threadIds),
            // A thread cached with headers only still needs fetching whole.
            eq(emailThreads.metadataOnly, false),
          ),
        )
      return new Set(rows.map((r) => `${r.threadId}:${r.historyId}`))
    },
  }
}
