/**
 * Send later's presets (issue 24, decision 053), on the user's wall clock: the browser's time
 * zone, as the rest of the app shows times. Each answers the moment as a Date (sent as ISO).
 */

/** The hour the "morning" presets go out at, as Gmail's do. */
export const MORNING_HOUR = 8

function atMorning(day: Date): Date {
  const at = new Date(day)
  at.setHours(MORNING_HOUR, 0, 0, 0)
  return at
}

/** Tomorrow at 8:00. */
export function tomorrowMorning(now: Date): Date {
  const day = new Date(now)
  day.setDate(day.getDate() + 1)
  return atMorning(day)
}

/** The next Monday after today at 8:00 (on a Monday: a week ahead). */
export function mondayMorning(now: Date): Date {
  const day = new Date(now)
  const ahead = (8 - day.getDay()) % 7 || 7
  day.setDate(day.getDate() + ahead)
  return atMorning(day)
}

/** A `datetime-local` input's value (local wall time) for `date`. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** The moment a `datetime-local` value names on the user's wall clock; null when unreadable. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as number[]
  const date = new Date(y!, mo! - 1, d!, h!, mi!, 0, 0)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "Tomorrow 8:00", "Mon 3 Mar, 8:00": how a scheduled time is said in toasts and lists. */
export function describeSendAt(at: Date, now: Date): string {
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
  const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString()
  if (sameDay(at, now)) return `today ${time}`
  if (sameDay(at, tomorrowMorning(now))) return `tomorrow ${time}`
  const day = at.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })
  return `${day}, ${time}`
}

/** "Tue, Dec 1, 8:00 AM" (in the user's language): the moment a toast confirms. */
export function formatSendAt(at: Date): string {
  return at.toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}
