/**
 * Mail that waits to be sent (issue 24, decision 053): one row per message, owned by its
 * user. A send takes its row from `scheduled` to `sending` with a conditional UPDATE, so
 * however many instances hold a job for it, one sends.
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { scheduledSends, userSettings } from '../../../db/schema.js'

export type ScheduledSendRow = typeof scheduledSends.$inferSelect

/** What a row keeps besides its columns (`details`). */
export type ScheduledDetails = {
  /** The Message-ID the message is stamped with: how a send after a crash finds it in Gmail. */
  messageId: string
  /** The AI draft it was written from, and the text sent, recorded once it has gone. */
  aiDraftId?: string
  aiBody?: string
  /** The editor's Idempotency-Key: the same Send pressed again answers the same row. */
  idempotencyKey?: string
  /** Sends that failed on Gmail's side (5xx, 429) and were tried again. */
  attempts?: number
}

export const detailsOf = (row: ScheduledSendRow) => row.details as ScheduledDetails

export function createScheduledSendsRepository(db: Database) {
  return {
    async insert(row: typeof scheduledSends.$inferInsert): Promise<ScheduledSendRow> {
      const [created] = await db.insert(scheduledSends).values(row).returning()
      return created!
    },

    async find(userId: string, id: string): Promise<ScheduledSendRow | null> {
      const [row] = await db
        .select()
        .from(scheduledSends)
        .where(and(eq(scheduledSends.userId, userId), eq(scheduledSends.id, id)))
      return row ?? null
    },

    async findById(id: string): Promise<ScheduledSendRow | null> {
      const [row] = await db.select().from(scheduledSends).where(eq(scheduledSends.id, id))
      return row ?? null
    },

    /** The row a Send with this Idempotency-Key made, still waiting or gone. */
    async findByKey(userId: string, key: string): Promise<ScheduledSendRow | null> {
      const [row] = await db
        .select()
        .from(scheduledSends)
        .where(
          and(
            eq(scheduledSends.userId, userId),
            sql`${scheduledSends.details} ->> 'idempotencyKey' = ${key}`,
            inArray(scheduledSends.status, ['scheduled', 'sending', 'sent']),
          ),
        )
      return row ?? null
    },

    /** The user's mail that waits, is going, or failed at its time; soonest first. */
    async listOpen(userId: string): Promise<ScheduledSendRow[]> {
      return db
        .select()
        .from(scheduledSends)
        .where(
          and(
            eq(scheduledSends.userId, userId),
            inArray(scheduledSends.status, ['scheduled', 'sending', 'failed']),
          ),
        )
        .orderBy(asc(scheduledSends.sendAt))
    },

    /** The user's Undo send window in seconds (0: off); the default when never saved. */
    async undoSendSeconds(userId: string): Promise<number> {
      const [row] = await db
        .select({ seconds: userSettings.undoSendSeconds })
        .from(userSettings)
        .where(eq(userSettings.userId, userId))
      return row?.seconds ?? 5
    },

    /**
     * Takes a due row for sending: `scheduled` and due, or `sending` for longer than
     * `staleSeconds` (the instance that took it died mid-send). One caller wins; null otherwise.
     */
    async take(id: string, staleSeconds: number): Promise<ScheduledSendRow | null> {
      const [taken] = await db
        .update(scheduledSends)
        .set({ status: 'sending', updatedAt: sql`now()` })
        .where(
          and(
            eq(scheduledSends.id, id),
            or(
              and(eq(scheduledSends.status, 'scheduled'), lte(scheduledSends.sendAt, sql`now()`)),
              and(
                eq(scheduledSends.status, 'sending'),
                lte(scheduledSends.updatedAt, sql`now() - ${staleSeconds} * interval '1 second'`),
              ),
            ),
          ),
        )
        .returning()
      return taken ?? null
    },

    async markSent(id: string, sentMessageId: string): Promise<boolean> {
      const done = await db
        .update(scheduledSends)
        .set({ status: 'sent', sentMessageId, error: null, updatedAt: sql`now()` })
        .where(and(eq(scheduledSends.id, id), eq(scheduledSends.status, 'sending')))
        .returning({ id: scheduledSends.id })
      return done.length > 0
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db
        .update(scheduledSends)
        .set({ status: 'failed', error, updatedAt: sql`now()` })
        .where(and(eq(scheduledSends.id, id), eq(scheduledSends.status, 'sending')))
    },

    /** A send Gmail failed on its side: back to waiting, its attempts counted. */
    async backToWaiting(id: string, attempts: number, error: string): Promise<void> {
      await db
        .update(scheduledSends)
        .set({
          status: 'scheduled',
          error,
          details: sql`${scheduledSends.details} || ${JSON.stringify({ attempts })}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(scheduledSends.id, id), eq(scheduledSends.status, 'sending')))
    },

    /**
     * Cancels a row that has not gone: waiting, or failed at its time. Null when it is being
     * sent or has been (or was cancelled already).
     */
    async cancel(userId: string, id: string): Promise<ScheduledSendRow | null> {
      const [cancelled] = await db
        .update(scheduledSends)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(
          and(
            eq(scheduledSends.userId, userId),
            eq(scheduledSends.id, id),
            inArray(scheduledSends.status, ['scheduled', 'failed']),
          ),
        )
        .returning()
      return cancelled ?? null
    },

    /** Every waiting send of the user cancelled (Gmail disconnected); answers how many. */
    async cancelAllOf(userId: string): Promise<number> {
      const cancelled = await db
        .update(scheduledSends)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(
          and(
            eq(scheduledSends.userId, userId),
            inArray(scheduledSends.status, ['scheduled', 'failed']),
          ),
        )
        .returning({ id: scheduledSends.id })
      return cancelled.length
    },

    /** A new time for a row that has not gone (a failed one waits again). */
    async move(userId: string, id: string, sendAt: Date): Promise<ScheduledSendRow | null> {
      const [moved] = await db
        .update(scheduledSends)
        .set({
          sendAt,
          kind: 'later',
          status: 'scheduled',
          error: null,
          details: sql`${scheduledSends.details} - 'attempts'`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(scheduledSends.userId, userId),
            eq(scheduledSends.id, id),
            inArray(scheduledSends.status, ['scheduled', 'failed']),
          ),
        )
        .returning()
      return moved ?? null
    },

    /**
     * Rows whose time passed `graceSeconds` ago and that no job took, or that were left
     * `sending` by an instance that died: the sweep's backstop.
     */
    async overdue(graceSeconds: number, staleSeconds: number, limit = 500): Promise<string[]> {
      const rows = await db
        .select({ id: scheduledSends.id })
        .from(scheduledSends)
        .where(
          or(
            and(
              eq(scheduledSends.status, 'scheduled'),
              lte(scheduledSends.sendAt, sql`now() - ${graceSeconds} * interval '1 second'`),
            ),
            and(
              eq(scheduledSends.status, 'sending'),
              lte(scheduledSends.updatedAt, sql`now() - ${staleSeconds} * interval '1 second'`),
            ),
          ),
        )
        .orderBy(asc(scheduledSends.sendAt))
        .limit(limit)
      return rows.map((r) => r.id)
    },
  }
}

export type ScheduledSendsRepository = ReturnType<typeof createScheduledSendsRepository>
