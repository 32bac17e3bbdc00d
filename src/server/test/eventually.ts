/**
 * Reads `what` every `everyMs` until `ok` accepts it, and answers that value; throws with the
 * last value read after `ms`. Tests wait for what they check this way, never for a fixed time:
 * a sleep is too short on a loaded machine and too long on a quiet one.
 */
export async function until<T>(
  what: () => Promise<T>,
  ok: (value: T) => boolean,
  options: { ms?: number; everyMs?: number; waitingFor?: string } = {},
): Promise<T> {
  const { ms = 20_000, everyMs = 100 } = options
  const deadline = Date.now() + ms
  for (;;) {
    const value = await what()
    if (ok(value)) return value
    if (Date.now() > deadline) {
      const what = options.waitingFor ? `${options.waitingFor}; ` : ''
      throw new Error(`not within ${ms / 1000} s: ${what}last: ${JSON.stringify(value)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
