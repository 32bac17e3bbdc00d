/**
 * The outcomes of syncs, as the live stream tells them (`sync.done`, `sync.failed`, each with
 * its job id): Refresh is answered 202 with the id of the sync it queued (issue 22), and waits
 * here for that sync to end, instead of holding its request open until then.
 */
export type SyncOutcomeEvent =
  | { type: 'sync.done'; jobId: string; changed: number; full: boolean }
  | { type: 'sync.failed'; jobId: string; status: number; code: string; message: string }

/** Outcomes heard lately: a short sync can end before its Refresh has read its own answer. */
const recent = new Map<string, SyncOutcomeEvent>()
const RECENT_KEPT = 20
const waiting = new Set<(event: SyncOutcomeEvent) => void>()
let streamsOpen = 0

/** The live stream opened (`true`) or closed: without one, nothing can be heard. */
export function syncStreamOpen(open: boolean): void {
  streamsOpen += open ? 1 : -1
}

/** Called by the live stream for each sync outcome. */
export function heardSyncOutcome(event: SyncOutcomeEvent): void {
  recent.set(event.jobId, event)
  if (recent.size > RECENT_KEPT) recent.delete(recent.keys().next().value!)
  for (const listener of [...waiting]) listener(event)
}

/**
 * The outcome of sync `jobId` (any sync's, when the server could not say which), or null
 * when none is heard within `timeoutMs`, or no live stream is open to hear it.
 */
export function syncOutcome(
  jobId: string | null,
  timeoutMs: number,
): Promise<SyncOutcomeEvent | null> {
  const known = jobId ? recent.get(jobId) : undefined
  if (known) return Promise.resolve(known)
  if (streamsOpen <= 0) return Promise.resolve(null)
  return new Promise((resolve) => {
    const listener = (event: SyncOutcomeEvent) => {
      if (jobId && event.jobId !== jobId) return
      finish(event)
    }
    const timer = setTimeout(() => finish(null), timeoutMs)
    function finish(event: SyncOutcomeEvent | null) {
      clearTimeout(timer)
      waiting.delete(listener)
      resolve(event)
    }
    waiting.add(listener)
  })
}
