import { formatDistance } from 'date-fns'
import { toDate } from './format-date'

/** '3 hours ago', 'in 2 days': date-fns's wording, loaded only by the screens that show it. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value)
  return date ? formatDistance(date, now, { addSuffix: true }) : ''
}
