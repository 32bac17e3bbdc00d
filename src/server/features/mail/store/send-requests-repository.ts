/**
 * Sends by idempotency key (issue 22, decision 044): one row per user and key, claimed before
 * the message goes to Gmail and completed with the answer once Gmail has accepted it.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { sendRequests } from '../../../db/schema.js'

/** What a send answers: Gmail's ids of the message and its conversation. */
export type SentMessage = { id: string; threadId: string }

export type SendClaim = {
  /** True when this call made the claim (no send with this key was started before). */
  created: boolean
  requestHash: string
  messageId: string
  result: SentMessage | null
}

export function createSendRequestsRepository(db: Database) {
  return {
    /** Claims `key` for a send, or answers the claim made before (its hash, its result). */
    async claim(
      userId: string,
      key: string,
      requestHash: string,
      messageId: string,
    ): Promise<SendClaim> {
      const [created] = await db
        .insert(sendRequests)
        .values({ userId, key, requestHash, messageId })
        .onConflictDoNothing()
        .returning()
      if (created) return { created: true, requestHash, messageId, result: null }
      const [existing] = await db
        .select()
        .from(sendRequests)
        .where(and(eq(sendRequests.userId, userId), eq(sendRequests.key, key)))
      // Removed in between (24 hours old, or the account): a claim again is a new send.
      if (!existing) return this.claim(userId, key, requestHash, messageId)
      return {
        created: false,
        requestHash: existing.requestHash,
        messageId: existing.messageId,
        result: existing.result as SentMessage | null,
      }
    },

    /**
     * Takes over an unfinished claim whose send is no longer under way: released after a
     * failure, or silent for `staleSeconds` (its process died). One caller wins.
     */
    async takeOver(userId: string, key: string, staleSeconds: number): Promise<boolean> {
      const taken = await db
        .update(sendRequests)
        .set({ updatedAt: sql`now()` })
        .where(
          and(
            eq(sendRequests.userId, userId),
            eq(sendRequests.key, key),
            isNull(sendRequests.result),
            lt(sendRequests.updatedAt, sql`now() - ${staleSeconds} * interval '1 second'`),
          ),
        )
        .returning({ key: sendRequests.key })
      return taken.length > 0
    },

    /** The send failed: a retry may take the claim over at once (after looking in Gmail). */
    async release(userId: string, key: string): Promise<void> {
      await db
        .update(sendRequests)
        .set({ updatedAt: sql`'-infinity'::timestamptz` })
        .where(
          and(
            eq(sendRequests.userId, userId),
            eq(sendRequests.key, key),
            isNull(sendRequests.result),
          ),
        )
    },

    async complete(userId: string, key: string, result: SentMessage): Promise<void> {
      await db
        .update(sendRequests)
        .set({ result, updatedAt: sql`now()` })
        .where(and(eq(sendRequests.userId, userId), eq(sendRequests.key, key)))
    },

    /** Keys are kept 24 hours, as Stripe keeps its own; answers how many were removed. */
    async purgeOld(): Promise<number> {
      const removed = await db
        .delete(sendRequests)
        .where(lt(sendRequests.createdAt, sql`now() - interval '24 hours'`))
        .returning({ key: sendRequests.key })
      return removed.length
    },
  }
}

export type SendRequestsRepository = ReturnType<typeof createSendRequestsRepository>
