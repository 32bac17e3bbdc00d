// Absolute dates through the browser's own Intl (no date library before the inbox's first
// paint, decision 036); relative ones, which need date-fns's wording, are in relative-time.ts.
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: '2-digit',
})

/** A Date, or null for text that names no moment. */
export const toDate = (value: string | Date): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? null : date
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate()

// Newer ICU puts a narrow no-break space before AM/PM; the app writes a plain space.
const timeOf = (date: Date) => time.format(date).replace(/\s/g, ' ')

/** The list's short time: '3:42 PM' today, 'Mar 4' this year, '3/4/24' before. */
export function formatListTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value)
  if (!date) return ''
  if (sameDay(date, now)) return timeOf(date)
  if (date.getFullYear() === now.getFullYear()) return monthDay.format(date)
  return shortDate.format(date)
}

/** A day: 'Dec 1, 2026'. */
export function formatDay(value: string | Date): string {
  const date = toDate(value)
  return date ? `${monthDay.format(date)}, ${date.getFullYear()}` : ''
}

/** The viewer's full timestamp, in the spec's format: 'Mar 4, 2025 at 3:42 PM'. */
export function formatFullTimestamp(value: string | Date): string {
  const date = toDate(value)
  return date ? `${formatDay(date)} at ${timeOf(date)}` : ''
}

/** '12 KB', '1.4 MB': attachment sizes. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`
}
