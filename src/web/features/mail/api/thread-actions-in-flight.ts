import type { QueryClient } from '@tanstack/react-query'

/**
 * Thread actions carry this key (one conversation's, and a change to several). While one is in
 * flight, what the server answers may not hold it yet: reloads wait (sync-mail.ts).
 */
export const threadActionMutationKey = ['thread-action'] as const

export const actionsInFlight = (client: QueryClient) =>
  client.isMutating({ mutationKey: threadActionMutationKey })

/**
 * Actions sent and not yet answered, counted by the actions themselves (from their onMutate to
 * the start of their onSettled) rather than by the mutation cache: an action still counts there
 * while its onSettled runs, so an onSettled that waited for a count read waiting for it would
 * never end.
 */
type Tracker = { unanswered: number; started: number; answered: Set<() => void> }
const trackers = new WeakMap<QueryClient, Tracker>()

function trackerOf(client: QueryClient): Tracker {
  let tracker = trackers.get(client)
  if (!tracker) {
    tracker = { unanswered: 0, started: 0, answered: new Set() }
    trackers.set(client, tracker)
  }
  return tracker
}

/** A thread action is sent (its onMutate, first thing). */
export function actionSent(client: QueryClient): void {
  const tracker = trackerOf(client)
  tracker.unanswered += 1
  tracker.started += 1
}

/** The server answered a thread action, or it failed (its onSettled, first thing). */
export function actionAnswered(client: QueryClient): void {
  const tracker = trackerOf(client)
  tracker.unanswered = Math.max(0, tracker.unanswered - 1)
  if (tracker.unanswered > 0) return
  for (const resolve of [...tracker.answered]) resolve()
}

/** A lost answer does not hold the counts back for longer than this. */
const MAX_WAIT_MS = 15_000
/** Actions that keep starting while counts are read: the last read stands after this many. */
const MAX_READS = 3

/** Resolves once every action sent is answered (or after MAX_WAIT_MS, or when `signal` aborts). */
function allAnswered(tracker: Tracker, signal?: AbortSignal): Promise<void> {
  if (tracker.unanswered === 0) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      tracker.answered.delete(done)
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    tracker.answered.add(done)
    const timer = setTimeout(done, MAX_WAIT_MS)
    signal?.addEventListener('abort', done)
  })
}

/**
 * Reads the mailbox's counts once every thread action sent has been answered, and again when
 * one was sent while they were read. The sidebar shows an action's counts at once
 * (mail-counts.ts); a read answered before the action landed would put the old numbers back
 * until the next one.
 */
export async function readAfterActions<T>(
  client: QueryClient,
  read: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const tracker = trackerOf(client)
  for (let attempt = 1; ; attempt++) {
    await allAnswered(tracker, signal)
    const started = tracker.started
    const result = await read()
    const sentMeanwhile = tracker.unanswered > 0 || tracker.started !== started
    if (!sentMeanwhile || attempt >= MAX_READS || signal?.aborted) return result
  }
}
