import { describe, expect, it } from 'vitest'
import { heardScheduledChange, scheduledSettled } from './scheduled-changes'

const change = (id: string, status: string) => ({ type: 'scheduled.changed', id, status }) as const

describe('waiting for a waiting message to go', () => {
  it('hears that it went even when the word came before anyone waited, once', async () => {
    heardScheduledChange(change('early', 'sent'))
    expect(await scheduledSettled('early', 60_000)).toBe(true)
    // Heard once: the next wait is for new word.
    expect(await scheduledSettled('early', 1)).toBe(false)
  })

  it('is not settled by another message going, nor by a move or a cancel; a failure settles it', async () => {
    heardScheduledChange(change('other', 'sent'))
    heardScheduledChange(change('mine', 'scheduled'))
    heardScheduledChange(change('mine', 'cancelled'))
    expect(await scheduledSettled('mine', 1)).toBe(false)
    const waited = scheduledSettled('mine', 60_000)
    heardScheduledChange(change('mine', 'failed'))
    expect(await waited).toBe(true)
  })
})
