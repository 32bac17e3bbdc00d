/**
 * What a selection's action needs from the cache: which of the given conversations the user
 * has, and the Gmail ids of their messages (Gmail's batch modify takes messages, not threads).
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../../db/client.js'
import { emailMessages, emailThreads } from '../../../db/schema.js'

export function createSelectionRepository(db: Database) {
  return {
    /** The user's cached threads among `threadIds`, each with its messages' ids. */
    async messagesOfThreads(userId: string, threadIds: string[]): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>()
      if (threadIds.length === 0) return found
      const threads = await db
        .select({ threadId: emailThreads.threadId })
        .from(emailThreads)
        .where(and(eq(emailThreads.userId, userId), inArray(emailThreads.threadId, threadIds)))
      for (const t of threads) found.set(t.threadId, [])
      const messages = await db
        .select({ threadId: emailMessages.threadId, gmailId: emailMessages.gmailId })
        .from(emailMessages)
        .where(and(eq(emailMessages.userId, userId), inArray(emailMessages.threadId, threadIds)))
      for (const m of messages) found.get(m.threadId)?.push(m.gmailId)
      return found
    },
  }
}

export type SelectionRepository = ReturnType<typeof createSelectionRepository>
