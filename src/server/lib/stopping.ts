/**
 * Whether this process has begun to stop: a signal arrived and main.ts is draining. On the way
 * out, what is being stopped fails in ways that are expected, above all the demo's embedded
 * PostgreSQL, which gets the terminal's Ctrl-C too and ends every connection at once. Those
 * failures are not logged one by one as if something went wrong; "stopped" says how it ended.
 */
let stopping = false

export function beginStopping(): void {
  stopping = true
}

export function isStopping(): boolean {
  return stopping
}
