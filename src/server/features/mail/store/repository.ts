/**
 * The mail cache in PostgreSQL, as one repository for its callers. This file owns writing the
 * threads and messages (Gmail's view of a thread, headers-only first pages, label changes,
 * removals); what it could not store is recorded by `skipped-messages.ts`; reading the cache
 * back (lists, counts, one thread) is `thread-reads-repository.ts`,
 * the sync state, the sync lock and the quota store live in `sync-state-repository.ts`, the
 * lookups of who the user writes with in `correspondents-repository.ts`.
 */
import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Pool } from 'pg'
import type { Database } from '../../../db/client.js'
import {
  emailMessages,
  emailThreads,
  mailSkippedMessages,
  mailSyncState,
} from '../../../db/schema.js'
import { createCorrespondentsRepository } from './correspondents-repository.js'
import { createLabelsRepository } from './labels-repository.js'
import type { ParsedMessage } from '../message/parsed-message.js'
import { storableMessage } from '../message/storable.js'
import {
  addSkips,
  isRowRejection,
  recordSkips,
  rejectionReason,
  type SkippedMessage,
} from './skipped-messages.js'
import { createSyncStateRepository } from './sync-state-repository.js'
import {
  createThreadReadsRepository,
  messageColumns,
  type MessageRow,
} from './thread-reads-repository.js'
import { summarizeThread, type ThreadSummary } from '../message/thread-summary.js'

/** One thread's messages as `format=metadata` gave them, for `saveMetadata`. */
export type MetadataThread = {
  threadId: string
  messages: ParsedMessage[]
  /** Messages of the thread that could not be read at all. */
  skipped: SkippedMessage[]
}

/** A Gmail draft (label DRAFT): kept out of the cached conversations. */
export const isDraft = (labels: readonly string[]) => labels.includes('DRAFT')

/** The threads and messages the cache holds, written from Gmail. */
function createThreadsRepository(db: Database) {
  /** The summary columns an upsert takes from the row it proposed (`excluded`). */
  const threadColumns = getTableColumns(emailThreads)
  function fromProposedRow(summary: ThreadSummary) {
    const set: Record<string, SQL> = {}
    for (const key of Object.keys(summary))
      set[key] = sql.raw(`excluded.${threadColumns[key as keyof ThreadSummary].name}`)
    return set
  }

  /**
   * Rewrites the summaries of these threads from their cached messages, in one read and one
   * write whatever their number; a thread left without messages loses its summary.
   */
  async function writeSummaries(tx: Database, userId: string, threadIds: string[]) {
    if (threadIds.length === 0) return
    const messages = await tx
      .select(messageColumns)
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, userId), inArray(emailMessages.threadId, threadIds)))
    const byThread = new Map<string, MessageRow[]>()
    for (const m of messages) byThread.set(m.threadId, [...(byThread.get(m.threadId) ?? []), m])
    const summaries = threadIds.flatMap((id) => summarizeThread(byThread.get(id) ?? []) ?? [])
    const empty = threadIds.filter((id) => !byThread.has(id))
    if (empty.length > 0) {
      await tx
        .delete(emailThreads)
        .where(and(eq(emailThreads.userId, userId), inArray(emailThreads.threadId, empty)))
    }
    if (summaries.length === 0) return
    await tx
      .insert(emailThreads)
      .values(summaries.map((summary) => ({ userId, ...summary })))
      .onConflictDoUpdate({
        target: [emailThreads.userId, emailThreads.threadId],
        set: fromProposedRow(summaries[0]!),
      })
  }

  /**
   * A thread's message rows as Gmail has it, and the ids of its messages Gmail still has.
   * Drafts are not mail yet: the thread shows and answers only what was sent or received, and
   * the Drafts view reads them from Gmail. Leaving them out also drops a cached copy once
   * Gmail's message became a draft (`inGmail` lists only what is kept). Messages skipped now
   * keep an older stored copy: only what Gmail no longer has goes.
   */
  function threadRows(
    userId: string,
    threadId: string,
    messages: ParsedMessage[],
    skipped: SkippedMessage[],
  ) {
    const rows = messages
      .filter((m) => !isDraft(m.labels))
      .map((m) => ({ ...storableMessage(m), userId, threadId }))
    return { rows, inGmail: [...rows.map((r) => r.gmailId), ...skipped.map((s) => s.gmailId)] }
  }

  const writeSummary = (tx: Database, userId: string, threadId: string) =>
    writeSummaries(tx, userId, [threadId])

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
          metadataOnly: sql`excluded.metadata_only`,
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
      fetchedAt?: number
    },
  ): Promise<SkippedMessage[] | null> {
    if (w.fetchedAt !== undefined) {
      // Locked until the write commits: an action on the thread waits for it, or it for them.
      const [thread] = await tx
        .select({ localChange: emailThreads.localChange })
        .from(emailThreads)
        .where(and(eq(emailThreads.userId, w.userId), eq(emailThreads.threadId, w.threadId)))
        .for('update')
      if (thread && thread.localChange > w.fetchedAt) return null
    }
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
     *
     * With `fetchedAt` (the `localChangeMark` read before the copy was fetched), the answer is
     * null and nothing is written when the user acted on the thread since: the copy may be
     * from before the action, and writing it would undo the action in the cache (decision 039).
     */
    async replaceThread(
      userId: string,
      threadId: string,
      messages: ParsedMessage[],
      skipped: SkippedMessage[] = [],
      options: { fetchedAt?: number } = {},
    ): Promise<SkippedMessage[] | null> {
      const { rows, inGmail } = threadRows(userId, threadId, messages, skipped)
      const write = (tx: Database, isolate: boolean) =>
        writeThread(tx, {
          userId,
          threadId,
          rows,
          inGmail,
          skipped: [...skipped],
          isolate,
          fetchedAt: options.fetchedAt,
        })
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

    /**
     * `replaceThread` for many threads in one transaction, a few statements whatever their
     * number (decision 060): the sync writes a burst of new mail a batch at a time, not nine
     * round trips a thread. Answers, in the order given, each thread's skipped messages, or
     * null for a thread the user acted on since its `fetchedAt` (left as it is, to be fetched
     * again). When PostgreSQL refuses a row, each thread is written on its own, as
     * `replaceThread` does, so only what is refused is skipped.
     */
    async replaceThreads(
      userId: string,
      threads: {
        threadId: string
        messages: ParsedMessage[]
        skipped: SkippedMessage[]
        fetchedAt: number
      }[],
    ): Promise<(SkippedMessage[] | null)[]> {
      const planned = threads.map((t) => ({
        ...t,
        ...threadRows(userId, t.threadId, t.messages, t.skipped),
      }))
      if (planned.length === 0) return []
      try {
        return await db.transaction(async (tx) => {
          // Locked until the write commits, in one order, as `writeThread` locks one thread.
          const locked = await tx
            .select({ threadId: emailThreads.threadId, localChange: emailThreads.localChange })
            .from(emailThreads)
            .where(
              and(
                eq(emailThreads.userId, userId),
                inArray(
                  emailThreads.threadId,
                  planned.map((t) => t.threadId),
                ),
              ),
            )
            .orderBy(emailThreads.threadId)
            .for('update')
          const changedAt = new Map(locked.map((r) => [r.threadId, r.localChange]))
          const actedOn = (t: (typeof planned)[number]) =>
            (changedAt.get(t.threadId) ?? 0) > t.fetchedAt
          const written = planned.filter((t) => !actedOn(t))
          if (written.length > 0) {
            const ids = written.map((t) => t.threadId)
            // A message id is the user's one message, in one thread: "not in any of the
            // threads' Gmail lists" is "not in its own thread's".
            const inGmail = written.flatMap((t) => t.inGmail)
            const scope = and(
              eq(emailMessages.userId, userId),
              inArray(emailMessages.threadId, ids),
            )
            await tx
              .delete(emailMessages)
              .where(
                inGmail.length ? and(scope, notInArray(emailMessages.gmailId, inGmail)) : scope,
              )
            const rows = written.flatMap((t) => t.rows)
            // A statement takes at most 65,535 parameters: 22 a row.
            for (let i = 0; i < rows.length; i += 1000) {
              await upsertMessages(tx, rows.slice(i, i + 1000))
            }
            await writeSummaries(tx, userId, ids)
            const clean = written.filter((t) => t.skipped.length === 0).map((t) => t.threadId)
            if (clean.length > 0) {
              await tx
                .delete(mailSkippedMessages)
                .where(
                  and(
                    eq(mailSkippedMessages.userId, userId),
                    inArray(mailSkippedMessages.threadId, clean),
                  ),
                )
            }
            for (const t of written) {
              if (t.skipped.length > 0) await recordSkips(tx, userId, t.threadId, t.skipped)
            }
          }
          return planned.map((t) => (actedOn(t) ? null : [...t.skipped]))
        })
      } catch (error) {
        if (!isRowRejection(error)) throw error
      }
      const answers: (SkippedMessage[] | null)[] = []
      for (const t of threads) {
        answers.push(
          await this.replaceThread(userId, t.threadId, t.messages, t.skipped, {
            fetchedAt: t.fetchedAt,
          }),
        )
      }
      return answers
    },

    /**
     * Caches messages fetched with format=metadata (headers, labels, snippet; no body), each
     * thread marked metadata-only until it is fetched whole: all the threads in one
     * transaction (the cold first page saves them as they come, a batch at a time). A message
     * already cached stays as it is (it has at least as much). Refused rows are skipped and
     * recorded, as in `replaceThread`, without forgetting a thread's earlier skips; the answer
     * is each thread's skipped messages, in the order given.
     */
    async saveMetadata(userId: string, threads: MetadataThread[]): Promise<SkippedMessage[][]> {
      const rowsOf = (t: MetadataThread) =>
        t.messages.map((m) => ({
          ...storableMessage(m),
          userId,
          threadId: t.threadId,
          metadataOnly: true,
        }))
      try {
        await db.transaction(async (tx) => {
          const rows = threads.flatMap(rowsOf)
          if (rows.length) await tx.insert(emailMessages).values(rows).onConflictDoNothing()
          await writeSummaries(
            tx,
            userId,
            threads.map((t) => t.threadId),
          )
          for (const t of threads) await addSkips(tx, userId, t.threadId, t.skipped)
        })
        return threads.map((t) => t.skipped)
      } catch (error) {
        if (!isRowRejection(error) || threads.length === 0) throw error
      }
      // Something was refused: each thread on its own, row by row, so only what is refused
      // is skipped.
      const answers: SkippedMessage[][] = []
      for (const t of threads) {
        const rows = rowsOf(t)
        const all = [...t.skipped]
        try {
          await db.transaction(async (tx) => {
            for (const row of rows) {
              try {
                await tx.transaction((savepoint) =>
                  savepoint.insert(emailMessages).values(row).onConflictDoNothing(),
                )
              } catch (error) {
                if (!isRowRejection(error)) throw error
                all.push({ gmailId: row.gmailId, reason: rejectionReason(error) })
              }
            }
            await writeSummary(tx, userId, t.threadId)
            await addSkips(tx, userId, t.threadId, all)
          })
          answers.push(all)
        } catch (error) {
          if (!isRowRejection(error)) throw error
          // The thread's summary is refused: none of it goes in, each message is recorded.
          const refused = [
            ...t.skipped,
            ...rows.map((r) => ({ gmailId: r.gmailId, reason: rejectionReason(error) })),
          ]
          await db.transaction((tx) => addSkips(tx, userId, t.threadId, refused))
          answers.push(refused)
        }
      }
      return answers
    },

    /**
     * The number of the latest action on any thread, read before a copy of a thread is fetched
     * from Gmail: an action numbered above it may be newer than the copy (`replaceThread`).
     */
    async localChangeMark(): Promise<number> {
      const { rows } = await db.execute<{ mark: string }>(
        sql`select case when is_called then last_value else 0 end as mark from mail_local_changes`,
      )
      return Number(rows[0]?.mark ?? 0)
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

    /**
     * Adds and removes label ids on every message of a thread, after Gmail accepted it, and
     * numbers the change: a sync's copy of the thread fetched before it is not written over it.
     */
    async changeThreadLabels(userId: string, threadId: string, add: string[], remove: string[]) {
      await db.transaction(async (tx) => {
        await tx
          .update(emailThreads)
          .set({ localChange: sql`nextval('mail_local_changes')` })
          .where(and(eq(emailThreads.userId, userId), eq(emailThreads.threadId, threadId)))
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

    /**
     * Marks the thread as brought back by its snooze now (the top of the list, marked Snoozed),
     * or, with `back` false, clears the mark (it was snoozed again).
     */
    async markSnoozedBack(userId: string, threadId: string, back: boolean) {
      await db
        .update(emailThreads)
        .set({ snoozedBackAt: back ? sql`now()` : null })
        .where(and(eq(emailThreads.userId, userId), eq(emailThreads.threadId, threadId)))
    },

    /**
     * Refreshes the planner's statistics after a bulk load (a full sync), so searches and the
     * lists are planned for the mailbox as it now is, not as it was before the load.
     */
    async analyze() {
      await db.execute(sql`analyze ${emailThreads}, ${emailMessages}`)
    },

    /**
     * Removes cached threads Gmail did not list in a full sync (deleted meanwhile). Only
     * threads with mail since `since` (what the sync's window listed) can be judged: older
     * ones came from the backfill, which a full sync does not list.
     */
    async deleteThreadsNotIn(userId: string, keep: Set<string>, olderThan: Date, since: Date) {
      const rows = await db
        .select({ threadId: emailThreads.threadId })
        .from(emailThreads)
        .where(
          and(
            eq(emailThreads.userId, userId),
            sql`${emailThreads.createdAt} < ${olderThan.toISOString()}::timestamptz`,
            sql`${emailThreads.lastMessageDate} >= ${since.toISOString()}::timestamptz`,
          ),
        )
      const gone = rows.map((r) => r.threadId).filter((id) => !keep.has(id))
      for (const threadId of gone) await this.deleteThread(userId, threadId)
      return gone.length
    },
  }
}

export function createMailRepository(db: Database, pool: Pool) {
  return {
    ...createThreadsRepository(db),
    ...createThreadReadsRepository(db),
    ...createSyncStateRepository(db, pool),
    ...createCorrespondentsRepository(db),
    ...createLabelsRepository(db),
  }
}

export type MailRepository = ReturnType<typeof createMailRepository>
