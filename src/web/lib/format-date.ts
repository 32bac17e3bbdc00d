import { format, formatDistance, isSameDay, isSameYear, isValid, parseISO } from 'date-fns'

const toDate = (value: string | Date): Date | null => {
  const date = typeof value === 'string' ? parseISO(value) : value
  return isValid(date) ? date : null
}

/** The list's short time: '3:42 PM' today, 'Mar 4' this year, '3/4/24' before. */
export function formatListTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value)
  if (!date) return ''
  if (isSameDay(date, now)) return format(date, 'h:mm a')
  if (isSameYear(date, now)) return format(date, 'MMM d')
  return format(date, 'M/d/yy')
}

/** The viewer's full timestamp (spec section 9): 'Mar 4, 2025 at 3:42 PM'. */
export function formatFullTimestamp(value: string | Date): string {
  const date = toDate(value)
  return date ? format(date, "MMM d, yyyy 'at' h:mm a") : ''
}

/** '3 hours ago', 'in 2 days'. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value)
  return date ? formatDistance(date, now, { addSuffix: true }) : ''
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
