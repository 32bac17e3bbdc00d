import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Pool } from 'pg'
import { gmailId } from '../../../contract/mail.js'
import type { Database } from '../../db/client.js'
import { emailMessages, emailThreads, mailSyncState } from '../../db/schema.js'
import type { ParsedMessage } from './parse.js'
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

  return {
    /**
     * Makes the cache hold exactly `messages` for the thread (Gmail's current view of it):
     * upserts them, drops messages Gmail no longer has, and rewrites the thread's summary.
     */
    async replaceThread(userId: string, threadId: string, messages: ParsedMessage[]) {
      await db.transaction(async (tx) => {
        const ids = messages.map((m) => m.gmailId)
        const scope = and(eq(emailMessages.userId, userId), eq(emailMessages.threadId, threadId))
        await tx
          .delete(emailMessages)
          .where(ids.length ? and(scope, notInArray(emailMessages.gmailId, ids)) : scope)
        if (messages.length) {
          const rows = messages.map((m) => ({ ...m, userId, threadId }))
          await tx
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
        await writeSummary(tx, userId, threadId)
      })
    },

    async deleteThread(userId: string, threadId: string) {
      await this.replaceThread(userId, threadId, [])
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

    async getSyncState(userId: string) {
      const [row] = await db.select().from(mailSyncState).where(eq(mailSyncState.userId, userId))
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
