/** Durations and times of day for the demo mailbox, in whole seconds like real Date headers. */
import type { Rng } from './demo-mailbox-rng.js'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
/** A duration in whole seconds, so dates look like real Date headers. */
export const minutes = (m: number) => Math.round(m * 60) * 1000

/** Moves a time to 07:00-23:00 UTC on the same day (or a neighbouring one), in whole seconds. */
export function awake(rng: Rng, time: number, oldest: number, newest: number): number {
  let t = time - (time % DAY) + 7 * HOUR + minutes(rng.next() * 16 * 60)
  if (t > newest) t -= DAY
  if (t < oldest) t += DAY
  return t > newest || t < oldest ? Math.round(time / 1000) * 1000 : t
}
