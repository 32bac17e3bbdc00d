/**
 * The messages the cache could not store, kept per thread with a reason code (never content),
 * so the inbox can say how many messages it could not show. The mail repository's writes
 * record them inside their own transactions.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { mailSkippedMessages } from '../../../db/schema.js'
import { sqlState } from '../../../lib/sql-state.js'
import { ROW_LIMITS, storableText } from '../message/storable.js'

/** A message the cache could not store, and why (a code, never content). */
export type SkippedMessage = { gmailId: string; reason: string }

/**
 * True when PostgreSQL refused a row for what it holds — a data exception (22: encoding,
 * range, jsonb), an integrity rule (23) or a size limit (54) — or the row could not even be
 * serialized (RangeError: an invalid date). Such a row can be skipped; anything else (a lost
 * connection, a deleted user: 23503) fails the sync, to be retried whole.
 */
export function isRowRejection(error: unknown): boolean {
  if (error instanceof RangeError) return true
  const state = sqlState(error)
  return state !== undefined && state !== '23503' && ['22', '23', '54'].includes(state.slice(0, 2))
}

export function rejectionReason(error: unknown): string {
  const state = sqlState(error)
  return state ? `sqlstate:${state}` : `unserializable:${(error as Error).name}`
}

/** Adds skipped messages of a thread, keeping those recorded before (a partial fetch). */
export async function addSkips(
  tx: Database,
  userId: string,
  threadId: string,
  skipped: SkippedMessage[],
) {
  if (skipped.length === 0) return
  await tx
    .insert(mailSkippedMessages)
    .values(
      skipped.map((s) => ({
        userId,
        threadId,
        gmailId: storableText(s.gmailId, ROW_LIMITS.idChars),
        reason: s.reason,
      })),
    )
    .onConflictDoUpdate({
      target: [mailSkippedMessages.userId, mailSkippedMessages.gmailId],
      set: { reason: sql`excluded.reason`, skippedAt: sql`excluded.skipped_at` },
    })
}

/** The thread's skipped messages become exactly `skipped` (those stored now leave). */
export async function recordSkips(
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
