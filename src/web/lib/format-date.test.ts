import { describe, expect, it } from 'vitest'
import { formatBytes, formatFullTimestamp, formatListTime } from './format-date'
import { formatRelativeTime } from './relative-time'

const now = new Date(2025, 5, 10, 15, 0)

describe('date formats', () => {
  it('shows the time today, the day this year and the date before', () => {
    expect(formatListTime(new Date(2025, 5, 10, 9, 5), now)).toBe('9:05 AM')
    expect(formatListTime(new Date(2025, 2, 4, 9, 5), now)).toBe('Mar 4')
    expect(formatListTime(new Date(2024, 2, 4, 9, 5), now)).toBe('3/4/24')
    expect(formatListTime('not a date', now)).toBe('')
  })

  it('uses the spec format for the full timestamp', () => {
    expect(formatFullTimestamp(new Date(2025, 2, 4, 15, 42))).toBe('Mar 4, 2025 at 3:42 PM')
  })

  it('gives a relative time', () => {
    expect(formatRelativeTime(new Date(2025, 5, 10, 12, 0), now)).toBe('about 3 hours ago')
  })

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(2048)).toBe('2 KB')
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB')
    expect(formatBytes(300 * 1024)).toBe('300 KB')
  })
})
