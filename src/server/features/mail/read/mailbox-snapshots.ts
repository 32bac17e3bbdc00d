import type { EventBus } from '../../../lib/events.js'

/**
 * What a list answer's ETag rests on (decision 038): the sync state, whether a sync is queued
 * or running, and the mailbox's version. Reading it costs three queries; a warm inbox asks for
 * it on every revalidation, so each instance keeps it in memory.
 *
 * It stays right because every change that moves it is announced on the event bus (a sync's
 * progress and end, an action's `mail.changed`), which reaches every instance through
 * PostgreSQL's LISTEN/NOTIFY: any event of a user drops that user's snapshot. The instance that
 * makes a change drops it at once, before it answers (`forget`). What no event announces (a
 * sync just queued) shows at most `ttlMs` late, and a NOTIFY that never arrives the same.
 */
export type MailboxSnapshots<T> = {
  /** The user's snapshot: the kept one while it is fresh, else read now (and kept). */
  get(userId: string): Promise<T>
  /** The kept snapshot while it is fresh, else undefined: never reads. */
  peek(userId: string): T | undefined
  /** Drops the user's snapshot: the next `get` reads the database. */
  forget(userId: string): void
  close(): void
}

export function createMailboxSnapshots<T>(deps: {
  read: (userId: string) => Promise<T>
  /** A snapshot that would answer without a sync history is not kept (a first visit waits). */
  keep: (snapshot: T) => boolean
  events: Pick<EventBus, 'subscribe'>
  ttlMs: number
  now?: () => number
}): MailboxSnapshots<T> {
  const now = deps.now ?? Date.now
  const kept = new Map<string, { snapshot: T; readAt: number }>()
  /**
   * Each user's last drop, numbered from one counter: a read that started before a drop must
   * not keep what it read, or a change just announced would be hidden until `ttlMs`.
   */
  const drops = new Map<string, { mark: number; at: number }>()
  let counter = 0
  /**
   * Reads under way, by user, with the drop mark they started under: concurrent asks share
   * one read (a second's expiry under load would otherwise send every in-flight request to
   * the database at once), but never one that started before a drop. A shared read is as
   * fresh as a kept snapshot: what another instance changed meanwhile arrives by its event.
   */
  const reading = new Map<string, { mark: number; snapshot: Promise<T> }>()
  /** Users whose events this instance listens to, for as long as it keeps their snapshot. */
  const listening = new Map<string, { stop: () => void }>()

  function forget(userId: string) {
    kept.delete(userId)
    drops.set(userId, { mark: ++counter, at: now() })
  }

  // Expired snapshots, their listeners and old drop marks go, so memory follows active users.
  const sweep = setInterval(
    () => {
      const cutoff = now() - deps.ttlMs
      for (const [userId, entry] of kept) if (entry.readAt < cutoff) kept.delete(userId)
      for (const [userId, listener] of listening) {
        if (!kept.has(userId)) {
          listener.stop()
          listening.delete(userId)
        }
      }
      // A read in flight whose drop mark is swept finds none and keeps nothing: safe.
      for (const [userId, drop] of drops) if (drop.at < cutoff - 60_000) drops.delete(userId)
    },
    Math.max(deps.ttlMs, 10_000),
  )
  sweep.unref()

  /** Reads the user's snapshot, and keeps it unless an event overtook the read. */
  async function read(userId: string, markBefore: number): Promise<T> {
    // Listening first: an event that lands while the read is out must count as a drop.
    let listener = listening.get(userId)
    if (!listener) {
      listener = { stop: deps.events.subscribe(userId, () => forget(userId)) }
      listening.set(userId, listener)
    }
    const snapshot = await deps.read(userId)
    const unchanged = (drops.get(userId)?.mark ?? 0) === markBefore
    // The same listener still on (a sweep may have stopped it meanwhile, missing events).
    if (deps.keep(snapshot) && unchanged && listening.get(userId) === listener) {
      kept.set(userId, { snapshot, readAt: now() })
    }
    return snapshot
  }

  return {
    async get(userId) {
      const entry = kept.get(userId)
      if (entry && now() - entry.readAt <= deps.ttlMs) return entry.snapshot
      const markBefore = drops.get(userId)?.mark ?? 0
      const shared = reading.get(userId)
      if (shared && shared.mark === markBefore) return shared.snapshot
      const snapshot = read(userId, markBefore)
      reading.set(userId, { mark: markBefore, snapshot })
      try {
        return await snapshot
      } finally {
        if (reading.get(userId)?.snapshot === snapshot) reading.delete(userId)
      }
    },
    peek(userId) {
      const entry = kept.get(userId)
      return entry && now() - entry.readAt <= deps.ttlMs ? entry.snapshot : undefined
    },
    forget,
    close() {
      clearInterval(sweep)
      for (const listener of listening.values()) listener.stop()
      listening.clear()
      kept.clear()
    },
  }
}
