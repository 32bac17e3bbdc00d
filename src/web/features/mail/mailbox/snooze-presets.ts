/**
 * Snooze's presets, as Gmail offers them, computed on the user's own clock: the wall time in
 * their time zone, whatever the machine's offset, and across daylight-saving changes.
 */
export type SnoozePreset = {
  key: 'laterToday' | 'tomorrow' | 'thisWeekend' | 'nextWeek'
  name: string
  until: Date
}

/** The morning hour the day-based presets return at, and the evening of "Later today". */
const MORNING = 8
const EVENING = 18
/** From this hour on, "Later today" is three hours ahead instead of the evening. */
const AFTERNOON = 15
const LATER_BY_HOURS = 3

type Wall = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  weekday: number
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** The wall clock in `timeZone` at `instant`. */
export function wallClock(instant: Date, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(instant)
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? ''
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
  return asUtc - Math.floor(instant / 60_000) * 60_000
}

/** The instant the wall clock in `timeZone` shows this date and time. */
export function fromWallClock(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute)
  const first = asUtc - offsetAt(asUtc, timeZone)
  // Near a daylight-saving change the offset at the answer can differ from the guess's.
  return new Date(asUtc - offsetAt(first, timeZone))
}

/** The calendar date `days` after `wall`'s. */
function addDays(wall: Wall, days: number) {
  const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/**
 * The presets at `now` in `timeZone`:
 * - Later today: 18:00, or three hours ahead (on the hour) from 15:00 on; not offered from
 *   21:00, when it would be tomorrow.
 * - Tomorrow: 08:00 tomorrow.
 * - This weekend: Saturday 08:00; not offered on Saturday or Sunday.
 * - Next week: Monday 08:00 (a week ahead on a Monday).
 */
export function snoozePresets(now: Date, timeZone: string): SnoozePreset[] {
  const wall = wallClock(now, timeZone)
  const presets: SnoozePreset[] = []
  if (wall.hour < AFTERNOON) {
    presets.push({
      key: 'laterToday',
      name: 'Later today',
      until: fromWallClock(wall, EVENING, 0, timeZone),
    })
  } else if (wall.hour + LATER_BY_HOURS < 24) {
    // On the hour: three hours ahead, rounded up (15:20 → 19:00).
    const hour = wall.hour + LATER_BY_HOURS + (wall.minute > 0 ? 1 : 0)
    if (hour < 24) {
      presets.push({
        key: 'laterToday',
        name: 'Later today',
        until: fromWallClock(wall, hour, 0, timeZone),
      })
    }
  }
  presets.push({
    key: 'tomorrow',
    name: 'Tomorrow',
    until: fromWallClock(addDays(wall, 1), MORNING, 0, timeZone),
  })
  if (wall.weekday >= 1 && wall.weekday <= 5) {
    presets.push({
      key: 'thisWeekend',
      name: 'This weekend',
      until: fromWallClock(addDays(wall, 6 - wall.weekday), MORNING, 0, timeZone),
    })
  }
  const toMonday = (8 - wall.weekday) % 7 || 7
  presets.push({
    key: 'nextWeek',
    name: 'Next week',
    until: fromWallClock(addDays(wall, toMonday), MORNING, 0, timeZone),
  })
  return presets
}

/** 'Tue, 8:00 AM', in `timeZone`: how the presets and the toast name a time. */
export function formatSnoozeTime(until: Date, timeZone: string): string {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(until)
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(until)
  return `${weekday}, ${time}`
}

/** The user's time zone: the browser's. */
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * A datetime-local input's value ('2025-03-04T09:30') as the instant it names in `timeZone`;
 * null when it is not a date and time.
 */
export function fromLocalInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  return fromWallClock({ year: y, month: mo, day: d }, h, mi, timeZone)
}
