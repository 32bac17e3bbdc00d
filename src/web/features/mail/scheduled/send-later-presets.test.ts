import { describe, expect, it } from 'vitest'
import {
  describeSendAt,
  fromLocalInput,
  mondayMorning,
  toLocalInput,
  tomorrowMorning,
} from './send-later-presets'

// Local wall times: the presets follow the browser's time zone, whatever it is.
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi)

describe('Send later presets', () => {
  it('Tomorrow morning is 8:00 the next day, even late at night and at a month end', () => {
    expect(tomorrowMorning(at(2025, 3, 4, 23, 50))).toEqual(at(2025, 3, 5, 8))
    expect(tomorrowMorning(at(2025, 1, 31, 7))).toEqual(at(2025, 2, 1, 8))
  })

  it('Monday morning is the next Monday at 8:00, a week ahead on a Monday', () => {
    // 2025-03-05 is a Wednesday, 2025-03-09 a Sunday, 2025-03-10 a Monday.
    expect(mondayMorning(at(2025, 3, 5, 14))).toEqual(at(2025, 3, 10, 8))
    expect(mondayMorning(at(2025, 3, 9, 22))).toEqual(at(2025, 3, 10, 8))
    expect(mondayMorning(at(2025, 3, 10, 6))).toEqual(at(2025, 3, 17, 8))
  })

  it('reads and writes the date & time picker on the wall clock', () => {
    expect(toLocalInput(at(2025, 3, 5, 9, 7))).toBe('2025-03-05T09:07')
    expect(fromLocalInput('2025-03-05T09:07')).toEqual(at(2025, 3, 5, 9, 7))
    expect(fromLocalInput('next tuesday')).toBeNull()
  })

  it('says tomorrow for tomorrow', () => {
    expect(describeSendAt(at(2025, 3, 6, 8), at(2025, 3, 5, 12))).toMatch(/^tomorrow/)
    expect(describeSendAt(at(2025, 3, 5, 18), at(2025, 3, 5, 12))).toMatch(/^today/)
  })
})
