/**
 * Snoozed conversations (`mail_snoozes`): Gmail has no snooze, so Inkwell keeps when each
 * comes back. Bringing one back is claimed under the row's lock, so it happens once however
 * many instances (jobs, sweeps, a reply's sync) reach for it together.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { emailMessages, mailSnoozes, users } from '../../../db/schema.js'

export type Snooze = { userId: string; threadId: string; until: Date }

export function createSnoozesRepository(db: Database) {
  const key = (userId: string, threadId: string) =>
    and(eq(mailSnoozes.userId, userId), eq(mailSnoozes.threadId, threadId))

  return {
    /** Snoozes the thread until `until` (a later snooze of the same thread replaces it). */
    async save(userId: string, threadId: string, until: Date) {
      await db
        .insert(mailSnoozes)
        .values({ userId, threadId, until })
        .onConflictDoUpdate({
          target: [mailSnoozes.userId, mailSnoozes.threadId],
          set: { until, createdAt: sql`now()` },
        })
    },

    async get(userId: string, threadId: string): Promise<Snooze | null> {
      const [row] = await db
        .select({
          userId: mailSnoozes.userId,
          threadId: mailSnoozes.threadId,
          until: mailSnoozes.until,
        })
        .from(mailSnoozes)
        .where(key(userId, threadId))
      return row ?? null
    },

    /**
     * Runs `wake` for the snooze and deletes it, holding its row: a second caller meanwhile
     * (another instance's job or sweep) skips it, and after the commit finds no row. With
     * `dueOnly`, a snooze not yet due (snoozed again, later) is left alone. False when there
     * was nothing to claim; a failing `wake` keeps the row for the next try.
     */
    async claim(
      userId: string,
      threadId: string,
      options: { dueOnly: boolean },
      wake: () => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ threadId: mailSnoozes.threadId })
          .from(mailSnoozes)
          .where(
            options.dueOnly
              ? and(key(userId, threadId), lte(mailSnoozes.until, sql`now()`))
              : key(userId, threadId),
          )
          .for('update', { skipLocked: true })
        if (!row) return false
        await wake()
        await tx.delete(mailSnoozes).where(key(userId, threadId))
        return true
      })
    },

    /** Snoozes past their time, of users whose Gmail is connected: the sweep's backstop. */
    async overdue(limit: number): Promise<Snooze[]> {
      return db
        .select({
          userId: mailSnoozes.userId,
          threadId: mailSnoozes.threadId,
          until: mailSnoozes.until,
        })
        .from(mailSnoozes)
        .innerJoin(users, eq(users.id, mailSnoozes.userId))
        .where(and(lte(mailSnoozes.until, sql`now()`), eq(users.gmailConnected, true)))
        .orderBy(mailSnoozes.until)
        .limit(limit)
    },

    /**
     * The user's snoozed threads where mail from someone else arrived after the snooze began
     * (neither sent by the user nor a draft): a reply brings the thread back at once.
     */
    async replied(userId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ threadId: mailSnoozes.threadId })
        .from(mailSnoozes)
        .innerJoin(
          emailMessages,
          and(
            eq(emailMessages.userId, mailSnoozes.userId),
            eq(emailMessages.threadId, mailSnoozes.threadId),
          ),
        )
        .where(
          and(
            eq(mailSnoozes.userId, userId),
            sql`${emailMessages.internalDate} > ${mailSnoozes.createdAt}`,
            sql`not (${emailMessages.labels} && array['SENT', 'DRAFT']::text[])`,
          ),
        )
      return rows.map((r) => r.threadId)
    },

    /** Of these threads, those that are snoozed. */
    async snoozedAmong(userId: string, threadIds: string[]): Promise<Set<string>> {
      if (threadIds.length === 0) return new Set()
      const rows = await db
        .select({ threadId: mailSnoozes.threadId })
        .from(mailSnoozes)
        .where(and(eq(mailSnoozes.userId, userId), inArray(mailSnoozes.threadId, threadIds)))
      return new Set(rows.map((r) => r.threadId))
    },
  }
}

export type SnoozesRepository = ReturnType<typeof createSnoozesRepository>
