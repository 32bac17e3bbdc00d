import { and, asc, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Pool } from 'pg'
import { gmailId } from '../../../contract/mail.js'
import type { Database } from '../../db/client.js'
import {
  emailMessages,
  emailThreads,
  gmailQuota,
  mailSkippedMessages,
  mailSyncState,
} from '../../db/schema.js'
import { sqlState } from '../../lib/sql-state.js'
import type { ParsedMessage } from './parse.js'
import type { QuotaStore } from './quota.js'
import { ROW_LIMITS, storableMessage, storableText } from './storable.js'
import { summarizeThread } from './thread-summary.js'

/** How much of the latest message's text the list carries, for the client-side search. */
const LIST_BODY_CHARS = 500

export type ThreadListRow = {
  thread: typeof emailThreads.$inferSelect
  latest: Omit<typeof emailMessages.$inferSelect, 'htmlBody'> & { hasHtml: boolean }
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

/** A message the cache could not store, and why (a code, never content). */
export type SkippedMessage = { gmailId: string; reason: string }

/**
 * True when PostgreSQL refused a row for what it holds — a data exception (22: encoding,
 * range, jsonb), an integrity rule (23) or a size limit (54) — or the row could not even be
 * serialized (RangeError: an invalid date). Such a row can be skipped; anything else (a lost
 * connection, a deleted user: 23503) fails the sync, to be retried whole.
 */
function isRowRejection(error: unknown): boolean {
  if (error instanceof RangeError) return true
  const state = sqlState(error)
  return state !== undefined && state !== '23503' && ['22', '23', '54'].includes(state.slice(0, 2))
}

function rejectionReason(error: unknown): string {
  const state = sqlState(error)
  return state ? `sqlstate:${state}` : `unserializable:${(error as Error).name}`
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

export function createMailRepository(db: Database, pool: Pool) {
  /** Which threads a list shows: a label, or a search over the whole mailbox. */
  function threadFilter(userId: string, options: { label: string; q?: string }): SQL {
    const conditions: SQL[] = [eq(emailThreads.userId, userId)]
    if (options.q) {
      const pattern = `%${escapeLike(options.q)}%`
      conditions.push(sql`not (${emailThreads.labels} && array['TRASH','SPAM']::text[])`)
      conditions.push(sql`exists (
        select 1 from ${emailMessages} m
        where m.user_id = ${emailThreads.userId} and m.thread_id = ${emailThreads.threadId}
          and (m.subject ilike ${pattern} or m.from_name ilike ${pattern}
            or m.from_email ilike ${pattern} or m.snippet ilike ${pattern}
            or m.text_body ilike ${pattern}))`)
    } else {
      conditions.push(sql`${emailThreads.labels} @> array[${options.label}]::text[]`)
      if (options.label !== 'TRASH') {
        conditions.push(sql`not (${emailThreads.labels} @> array['TRASH']::text[])`)
      }
    }
    return and(...conditions)!
  }

  /** The list's rows: each thread with its latest message (text cut, HTML left out). */
  function selectListRows(where: SQL, limit: number): Promise<ThreadListRow[]> {
    // Pick the page's threads first (an index scan that stops at `limit`), then join only
    // those to their latest message: joining first would read every body in the mailbox.
    const page = db
      .select({ id: emailThreads.id })
      .from(emailThreads)
      .where(where)
      .orderBy(sql`${emailThreads.lastMessageDate} desc, ${emailThreads.threadId} desc`)
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
            textBody: sql<string>`left(${emailMessages.textBody}, ${LIST_BODY_CHARS})`,
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
        .orderBy(sql`${emailThreads.lastMessageDate} desc, ${emailThreads.threadId} desc`)
    )
  }

  async function writeSummary(tx: Database, userId: string, threadId: string) {
    const messages = await tx
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, userId), eq(emailMessages.threadId, threadId)))
    const summary = summarizeThread(messages)
    if (!summary) {
      await tx
        .delete(emailThreads)
        .where(and(eq(emailThreads.userId, userId), eq(emailThreads.threadId, threadId)))
      return
    }
    const values = { userId, ...summary }
    await tx
      .insert(emailThreads)
      .values(values)
      .onConflictDoUpdate({
        target: [emailThreads.userId, emailThreads.threadId],
        set: { ...summary },
      })
  }

  function upsertMessages(tx: Database, rows: (typeof emailMessages.$inferInsert)[]) {
    return tx
      .insert(emailMessages)
      .values(rows)
      .onConflictDoUpdate({
        target: [emailMessages.userId, emailMessages.gmailId],
        set: {
          threadId: sql`excluded.thread_id`,
          historyId: sql`excluded.history_id`,
          labels: sql`excluded.labels`,
          snippet: sql`excluded.snippet`,
          textBody: sql`excluded.text_body`,
          htmlBody: sql`excluded.html_body`,
          attachments: sql`excluded.attachments`,
        },
      })
  }

  /** The thread's skipped messages become exactly `skipped` (those stored now leave). */
  async function recordSkips(
    tx: Database,
    userId: string,
    threadId: string,
    skipped: SkippedMessage[],
  ) {
    const ids = skipped.map((s) => storableText(s.gmailId, ROW_LIMITS.idChars))
    const scope = and(
      eq(mailSkippedMessages.userId, userId),
      eq(mailSkippedMessages.threadId, threadId),
    )
    await tx
      .delete(mailSkippedMessages)
      .where(ids.length ? and(scope, notInArray(mailSkippedMessages.gmailId, ids)) : scope)
    if (skipped.length === 0) return
    await tx
      .insert(mailSkippedMessages)
      .values(skipped.map((s, i) => ({ userId, threadId, gmailId: ids[i]!, reason: s.reason })))
      .onConflictDoUpdate({
        target: [mailSkippedMessages.userId, mailSkippedMessages.gmailId],
        set: {
          threadId: sql`excluded.thread_id`,
          reason: sql`excluded.reason`,
          skippedAt: sql`excluded.skipped_at`,
        },
      })
  }

  async function writeThread(
    tx: Database,
    w: {
      userId: string
      threadId: string
      rows: (typeof emailMessages.$inferInsert)[]
      inGmail: string[]
      skipped: SkippedMessage[]
      /** Each row in its own savepoint: a refused row is skipped, the others go in. */
      isolate: boolean
    },
  ): Promise<SkippedMessage[]> {
    const scope = and(eq(emailMessages.userId, w.userId), eq(emailMessages.threadId, w.threadId))
    await tx
      .delete(emailMessages)
      .where(w.inGmail.length ? and(scope, notInArray(emailMessages.gmailId, w.inGmail)) : scope)
    if (!w.isolate) {
      if (w.rows.length) await upsertMessages(tx, w.rows)
    } else {
      for (const row of w.rows) {
        try {
          await tx.transaction((savepoint) => upsertMessages(savepoint, [row]))
        } catch (error) {
          if (!isRowRejection(error)) throw error
          w.skipped.push({ gmailId: row.gmailId, reason: rejectionReason(error) })
        }
      }
    }
    await writeSummary(tx, w.userId, w.threadId)
    await recordSkips(tx, w.userId, w.threadId, w.skipped)
    return w.skipped
  }

  return {
    /**
     * Makes the cache hold `messages` for the thread (Gmail's current view of it): upserts
     * them, drops messages Gmail no longer has, and rewrites the thread's summary. A message
     * PostgreSQL refuses is skipped and recorded, never the reason the write fails; the
     * answer lists every skipped message (`skipped`, those the caller could not parse, too).
     */
    async replaceThread(
      userId: string,
      threadId: string,
      messages: ParsedMessage[],
      skipped: SkippedMessage[] = [],
    ): Promise<SkippedMessage[]> {
      const rows = messages.map((m) => ({ ...storableMessage(m), userId, threadId }))
      // Messages skipped now keep an older stored copy: only what Gmail no longer has goes.
      const inGmail = [...rows.map((r) => r.gmailId), ...skipped.map((s) => s.gmailId)]
      const write = (tx: Database, isolate: boolean) =>
        writeThread(tx, { userId, threadId, rows, inGmail, skipped: [...skipped], isolate })
      try {
        return await db.transaction((tx) => write(tx, false))
      } catch (error) {
        if (!isRowRejection(error)) throw error
      }
      // Something was refused: write again row by row, so only what is refused is skipped.
      try {
        return await db.transaction((tx) => write(tx, true))
      } catch (error) {
        if (!isRowRejection(error)) throw error
        // Even alone the rows do not go in (the thread's summary is refused): skip them all.
        const all = [
          ...skipped,
          ...rows.map((r) => ({ gmailId: r.gmailId, reason: rejectionReason(error) })),
        ]
        await db.transaction((tx) => recordSkips(tx, userId, threadId, all))
        return all
      }
    },

    async deleteThread(userId: string, threadId: string) {
      await this.replaceThread(userId, threadId, [])
    },

    /** Everything cached of the user's mailbox, gone: the next connect syncs afresh. */
    async deleteMailbox(userId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(emailMessages).where(eq(emailMessages.userId, userId))
        await tx.delete(emailThreads).where(eq(emailThreads.userId, userId))
        await tx.delete(mailSyncState).where(eq(mailSyncState.userId, userId))
        await tx.delete(mailSkippedMessages).where(eq(mailSkippedMessages.userId, userId))
      })
    },

    /** Adds and removes label ids on every message of a thread (after Gmail accepted it). */
    async changeThreadLabels(userId: string, threadId: string, add: string[], remove: string[]) {
      await db.transaction(async (tx) => {
        const scope = and(eq(emailMessages.userId, userId), eq(emailMessages.threadId, threadId))
        const messages = await tx
          .select({ gmailId: emailMessages.gmailId, labels: emailMessages.labels })
          .from(emailMessages)
          .where(scope)
          .for('update')
        for (const m of messages) {
          const labels = [...new Set([...m.labels, ...add])]
            .filter((l) => !remove.includes(l))
            .sort()
          await tx
            .update(emailMessages)
            .set({ labels })
            .where(and(scope, eq(emailMessages.gmailId, m.gmailId)))
        }
        await writeSummary(tx, userId, threadId)
      })
    },

    async listThreads(
      userId: string,
      options: { label: string; q?: string; limit: number; cursor?: Cursor | null },
    ): Promise<ThreadListRow[]> {
      const filter = threadFilter(userId, options)
      const after = options.cursor
        ? sql`(${emailThreads.lastMessageDate}, ${emailThreads.threadId}) < (${options.cursor.date.toISOString()}::timestamptz, ${options.cursor.threadId})`
        : undefined
      return selectListRows(after ? and(filter, after)! : filter, options.limit)
    },

    /** One thread in the list's shape (after an action changed it). */
    async getThreadRow(userId: string, threadId: string): Promise<ThreadListRow | null> {
      const where = and(eq(emailThreads.userId, userId), eq(emailThreads.threadId, threadId))!
      const [row] = await selectListRows(where, 1)
      return row ?? null
    },

    async countThreads(userId: string, options: { label: string; q?: string }): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailThreads)
        .where(threadFilter(userId, options))
      return row?.n ?? 0
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
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.userId, userId), eq(emailMessages.threadId, threadId)))
        .orderBy(asc(emailMessages.internalDate))
      return { thread, messages }
    },

    async getMessage(userId: string, gmailId: string) {
      const [row] = await db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.userId, userId), eq(emailMessages.gmailId, gmailId)))
      return row ?? null
    },

    async knownThreadIds(userId: string, threadIds: string[]): Promise<Set<string>> {
      if (threadIds.length === 0) return new Set()
      const rows = await db
        .select({ threadId: emailThreads.threadId, historyId: emailThreads.historyId })
        .from(emailThreads)
        .where(and(eq(emailThreads.userId, userId), inArray(emailThreads.threadId, threadIds)))
      return new Set(rows.map((r) => `${r.threadId}:${r.historyId}`))
    },

    /**
     * The latest cached messages of a thread, or exchanged with an address (from, to or cc),
     * newest first; trash and spam left out. The AI's conversation memory (D12) reads it.
     */
    async recentMessagesWith(
      userId: string,
      who: { email: string | null; threadId: string | null },
      limit: number,
    ) {
      const matches: SQL[] = []
      if (who.threadId) matches.push(eq(emailMessages.threadId, who.threadId))
      if (who.email) {
        const address = who.email.toLowerCase()
        const pattern = `%${escapeLike(address)}%`
        matches.push(
          sql`(lower(${emailMessages.fromEmail}) = ${address} or ${emailMessages.toHeader} ilike ${pattern} or ${emailMessages.ccHeader} ilike ${pattern})`,
        )
      }
      if (matches.length === 0) return []
      return db
        .select({
          fromName: emailMessages.fromName,
          fromEmail: emailMessages.fromEmail,
          internalDate: emailMessages.internalDate,
          textBody: emailMessages.textBody,
          snippet: emailMessages.snippet,
        })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.userId, userId),
            sql`not (${emailMessages.labels} && array['TRASH','SPAM']::text[])`,
            matches.length === 1 ? matches[0] : sql`(${matches[0]} or ${matches[1]})`,
          ),
        )
        .orderBy(sql`${emailMessages.internalDate} desc`)
        .limit(limit)
    },

    /** The user's latest sent messages' text, newest first (learning their style, D14). */
    async recentSentTexts(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ textBody: emailMessages.textBody })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.userId, userId),
            sql`${emailMessages.labels} @> array['SENT']::text[]`,
            sql`length(${emailMessages.textBody}) > 0`,
          ),
        )
        .orderBy(sql`${emailMessages.internalDate} desc`)
        .limit(limit)
      return rows.map((r) => r.textBody)
    },

    /** Where the user's sync stands, with how many messages it could not store. */
    async getSyncState(userId: string) {
      const [row] = await db
        .select({
          ...getTableColumns(mailSyncState),
          skippedMessages: sql<number>`(select count(*)::int from ${mailSkippedMessages}
            where ${mailSkippedMessages.userId} = ${mailSyncState.userId})`,
        })
        .from(mailSyncState)
        .where(eq(mailSyncState.userId, userId))
      return row ?? null
    },

    async saveSyncState(
      userId: string,
      changes: Partial<Omit<typeof mailSyncState.$inferInsert, 'userId'>>,
    ) {
      await db
        .insert(mailSyncState)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: mailSyncState.userId, set: changes })
    },

    /**
     * Refreshes the planner's statistics after a bulk load (a full sync): with stale ones it
     * sorts the whole inbox instead of walking the date index and stopping at a page.
     */
    async analyze() {
      await db.execute(sql`analyze ${emailThreads}, ${emailMessages}`)
    },

    /** Removes cached threads Gmail did not list in a full sync (deleted meanwhile). */
    async deleteThreadsNotIn(userId: string, keep: Set<string>, olderThan: Date) {
      const rows = await db
        .select({ threadId: emailThreads.threadId })
        .from(emailThreads)
        .where(
          and(
            eq(emailThreads.userId, userId),
            sql`${emailThreads.createdAt} < ${olderThan.toISOString()}::timestamptz`,
          ),
        )
      const gone = rows.map((r) => r.threadId).filter((id) => !keep.has(id))
      for (const threadId of gone) await this.deleteThread(userId, threadId)
      return gone.length
    },

    /**
     * The user's Gmail quota bucket, as a store every instance shares: the row is locked while
     * it is refilled and drawn on, so concurrent takers never spend the same units.
     */
    quotaStore(userId: string): QuotaStore {
      let created = false
      return {
        async take(units, unitsPerMinute) {
          if (!created) {
            await db
              .insert(gmailQuota)
              .values({ userId, tokens: unitsPerMinute })
              .onConflictDoNothing()
            created = true
          }
          const { rows } = await pool.query<{ available: number; granted: boolean }>(
            `with current as (
               select user_id,
                 least($2::float8, tokens
                   + extract(epoch from clock_timestamp() - updated_at) * $2::float8 / 60) as available
               from gmail_quota where user_id = $1 for update
             ), taken as (
               update gmail_quota q set tokens = c.available - $3, updated_at = clock_timestamp()
               from current c where q.user_id = c.user_id and c.available >= $3
               returning 1
             )
             select available, exists (select 1 from taken) as granted from current`,
            [userId, unitsPerMinute, units],
          )
          const row = rows[0]
          return { granted: row?.granted ?? false, available: row?.available ?? 0 }
        },
      }
    },

    /**
     * Runs `fn` holding a PostgreSQL advisory lock for the user's mail sync, so two syncs of
     * one user never overlap, across processes too. Returns null when another holds it.
     */
    async withSyncLock<T>(userId: string, fn: () => Promise<T>): Promise<{ value: T } | null> {
      // Session-level advisory locks belong to a connection: hold one client throughout.
      const client = await pool.connect()
      const key = `mail-sync:${userId}`
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key],
        )
        if (!rows[0]?.locked) return null
        try {
          return { value: await fn() }
        } finally {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
        }
      } finally {
        client.release()
      }
    },
  }
}

export type MailRepository = ReturnType<typeof createMailRepository>
