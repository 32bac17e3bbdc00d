/**
 * Waiting mail's changes as the live stream tells them (`scheduled.changed`, decision 053):
 * "Email sent" waits here for its message to go, instead of asking the server twice a second.
 */
export type ScheduledChange = { type: 'scheduled.changed'; id: string; status: string }

/** Messages heard to have gone or failed, not yet waited for: the word can come first. */
const settled = new Set<string>()
const SETTLED_KEPT = 20
const waiting = new Set<(change: ScheduledChange) => void>()

const isSettled = (change: ScheduledChange) =>
  change.status === 'sent' || change.status === 'failed'

/** Called by the live stream for each change of the user's waiting mail. */
export function heardScheduledChange(change: ScheduledChange): void {
  if (isSettled(change)) {
    settled.add(change.id)
    if (settled.size > SETTLED_KEPT) settled.delete(settled.values().next().value!)
  }
  for (const listener of [...waiting]) listener(change)
}

/**
 * True once message `id` is heard to have gone or failed (or was, since the last call for it);
 * false when nothing is heard within `timeoutMs`.
 */
export function scheduledSettled(id: string, timeoutMs: number): Promise<boolean> {
  if (settled.delete(id)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const listener = (change: ScheduledChange) => {
      if (change.id !== id || !isSettled(change)) return
      settled.delete(id)
      finish(true)
    }
    const timer = setTimeout(() => finish(false), timeoutMs)
    function finish(heard: boolean) {
      clearTimeout(timer)
      waiting.delete(listener)
      resolve(heard)
    }
    waiting.add(listener)
  })
}
