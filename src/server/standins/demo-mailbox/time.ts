/** Durations, times of day and date texts for the demo mailbox, in whole seconds like real Date headers. */
import type { Rng } from './rng.js'

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

export const pad = (n: number) => String(n).padStart(2, '0')
export const hm = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
export const EN_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
export const EN_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')
/** Months in the locale of the message, for statements and delivery dates. */
const MONTHS =
  'January February March April May June July August September October November December'.split(' ')
export const monthName = (d: Date) => MONTHS[d.getUTCMonth()]!
/** "Tue, Jun 3" (toLocaleString is slow enough to matter for 10,000 threads). */
export const shortDate = (d: Date) =>
  `${EN_DAYS[d.getUTCDay()]}, ${EN_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000)
