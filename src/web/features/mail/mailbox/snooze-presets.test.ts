import { describe, expect, it } from 'vitest'
import { formatSnoozeTime, fromLocalInput, snoozePresets } from './snooze-presets'

const NY = 'America/New_York'
const TOKYO = 'Asia/Tokyo'

/** The presets as 'name → ISO instant'. */
const presetsAt = (iso: string, timeZone: string) =>
  Object.fromEntries(
    snoozePresets(new Date(iso), timeZone).map((p) => [p.key, p.until.toISOString()]),
  )

describe('snoozePresets', () => {
  it('on a Tuesday morning in New York: this evening, tomorrow, Saturday and Monday at 8', () => {
    // Tuesday 4 March 2025, 09:30 in New York (EST, UTC-5).
    expect(presetsAt('2025-03-04T14:30:00Z', NY)).toEqual({
      laterToday: '2025-03-04T23:00:00.000Z',
      tomorrow: '2025-03-05T13:00:00.000Z',
      thisWeekend: '2025-03-08T13:00:00.000Z',
      nextWeek: '2025-03-10T12:00:00.000Z', // daylight saving began on the 9th: EDT, UTC-4
    })
  })

  it('reads the wall clock of the given zone, not the machine’s', () => {
    // The same instant is Tuesday 23:30 in Tokyo: too late for later today.
    const presets = presetsAt('2025-03-04T14:30:00Z', TOKYO)
    expect(presets.laterToday).toBeUndefined()
    expect(presets.tomorrow).toBe('2025-03-04T23:00:00.000Z') // Wednesday 08:00 JST
  })

  it('from 15:00 on, later today is three hours ahead, on the hour', () => {
    // 15:20 in Tokyo → 19:00.
    expect(presetsAt('2025-03-04T06:20:00Z', TOKYO).laterToday).toBe('2025-03-04T10:00:00.000Z')
    // 15:00 sharp → 18:00.
    expect(presetsAt('2025-03-04T06:00:00Z', TOKYO).laterToday).toBe('2025-03-04T09:00:00.000Z')
  })

  it('offers no "This weekend" on a weekend, and next week is the coming Monday', () => {
    // Saturday 8 March 2025, 10:00 in Tokyo.
    const presets = presetsAt('2025-03-08T01:00:00Z', TOKYO)
    expect(presets.thisWeekend).toBeUndefined()
    expect(presets.nextWeek).toBe('2025-03-09T23:00:00.000Z') // Monday 10th, 08:00 JST
  })

  it('on a Monday, next week is a week ahead', () => {
    // Monday 3 March 2025, 10:00 in Tokyo.
    expect(presetsAt('2025-03-03T01:00:00Z', TOKYO).nextWeek).toBe('2025-03-09T23:00:00.000Z')
  })

  it('every preset is in the future', () => {
    const now = new Date('2025-03-04T14:30:00Z')
    for (const preset of snoozePresets(now, NY)) expect(preset.until > now).toBe(true)
  })
})

describe('formatSnoozeTime and fromLocalInput', () => {
  it('names a time as the toast says it', () => {
    expect(formatSnoozeTime(new Date('2025-03-04T13:00:00Z'), NY)).toBe('Tue, 8:00 AM')
  })

  it('reads a datetime-local value in the given zone', () => {
    expect(fromLocalInput('2025-03-04T08:00', NY)?.toISOString()).toBe('2025-03-04T13:00:00.000Z')
    expect(fromLocalInput('not a date', NY)).toBeNull()
  })
})
