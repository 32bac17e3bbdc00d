/**
 * The sessions this instance verified in the last moment: a session token's hash → its user.
 * Only the list's revalidation fast path reads it (decision 038), to answer "your page is still
 * current" (a 304, which holds no mail) without looking the session up again. Every other
 * request looks its session up in PostgreSQL.
 *
 * Ending a session here forgets it at once; ended on another instance, it is forgotten at the
 * latest `ttlMs` later, the longest a revoked browser can still be told its copy is current.
 */
export type RecentSessions = {
  remember(tokenHash: string, userId: string): void
  /** The user of a session verified within `ttlMs` and not ended here since, else null. */
  recall(tokenHash: string): string | null
  forget(tokenHash: string): void
  forgetUser(userId: string): void
}

/** More entries than this are swept of the expired first, and cleared if none were. */
const MAX_ENTRIES = 50_000

export function createRecentSessions(options: {
  ttlMs: number
  now?: () => number
}): RecentSessions {
  const now = options.now ?? Date.now
  const sessions = new Map<string, { userId: string; until: number }>()

  return {
    remember(tokenHash, userId) {
      if (sessions.size >= MAX_ENTRIES) {
        const at = now()
        for (const [hash, entry] of sessions) if (entry.until <= at) sessions.delete(hash)
        if (sessions.size >= MAX_ENTRIES) sessions.clear()
      }
      sessions.set(tokenHash, { userId, until: now() + options.ttlMs })
    },
    recall(tokenHash) {
      const entry = sessions.get(tokenHash)
      if (!entry) return null
      if (entry.until <= now()) {
        sessions.delete(tokenHash)
        return null
      }
      return entry.userId
    },
    forget(tokenHash) {
      sessions.delete(tokenHash)
    },
    forgetUser(userId) {
      for (const [hash, entry] of sessions) if (entry.userId === userId) sessions.delete(hash)
    },
  }
}
