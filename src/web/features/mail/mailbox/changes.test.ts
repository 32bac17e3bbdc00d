import { describe, expect, it } from 'vitest'
import { changeSummary, inverseOf, leavesList, type ListOnScreen } from './changes'

const INBOX: ListOnScreen = { label: 'INBOX', scope: 'label' }
const WORK: ListOnScreen = { label: 'Label_1', scope: 'label' }
const TRASH: ListOnScreen = { label: 'TRASH', scope: 'label' }
const SNOOZED: ListOnScreen = { label: 'Label_S', scope: 'label', snoozed: true }
const SEARCH_ALL: ListOnScreen = { label: 'INBOX', scope: 'all' }

describe('inverseOf', () => {
  it('pairs the simple actions', () => {
    expect(inverseOf({ action: 'archive' })).toEqual({ action: 'unarchive' })
    expect(inverseOf({ action: 'unarchive' })).toEqual({ action: 'archive' })
    expect(inverseOf({ action: 'trash' })).toEqual({ action: 'untrash' })
    expect(inverseOf({ action: 'read' })).toEqual({ action: 'unread' })
  })

  it('swaps the labels added and removed', () => {
    expect(inverseOf({ action: 'label', add: ['A'], remove: ['B'] })).toEqual({
      action: 'label',
      add: ['B'],
      remove: ['A'],
    })
    expect(inverseOf({ action: 'label', add: ['A'] })).toEqual({
      action: 'label',
      add: [],
      remove: ['A'],
    })
  })

  it('takes a move back to the inbox without the label', () => {
    expect(inverseOf({ action: 'move', to: 'Label_1' })).toEqual({
      action: 'label',
      add: ['INBOX'],
      remove: ['Label_1'],
    })
  })

  it('unsnoozes a snooze, and has nothing for an unsnooze', () => {
    expect(inverseOf({ action: 'snooze', until: '2030-01-01T08:00:00Z' })).toEqual({
      action: 'unsnooze',
    })
    expect(inverseOf({ action: 'unsnooze' })).toBeNull()
  })
})

describe('leavesList', () => {
  it('archive leaves the inbox, not a label view', () => {
    expect(leavesList('archive', INBOX)).toBe(true)
    expect(leavesList('archive', WORK)).toBe(false)
  })

  it('trash leaves every list but the trash; untrash leaves the trash', () => {
    expect(leavesList('trash', WORK)).toBe(true)
    expect(leavesList('trash', TRASH)).toBe(false)
    expect(leavesList('untrash', TRASH)).toBe(true)
  })

  it('a label removed leaves its view; a move leaves the inbox', () => {
    expect(leavesList({ action: 'label', remove: ['Label_1'] }, WORK)).toBe(true)
    expect(leavesList({ action: 'label', add: ['Label_1'] }, INBOX)).toBe(false)
    expect(leavesList({ action: 'move', to: 'Label_1' }, INBOX)).toBe(true)
  })

  it('a snooze leaves the list it was done in; an unsnooze leaves Snoozed', () => {
    const snooze = { action: 'snooze', until: '2030-01-01T08:00:00Z' } as const
    expect(leavesList(snooze, WORK)).toBe(true)
    expect(leavesList(snooze, SNOOZED)).toBe(false)
    expect(leavesList({ action: 'unsnooze' }, SNOOZED)).toBe(true)
  })

  it('nothing leaves a search of all mail', () => {
    expect(leavesList('trash', SEARCH_ALL)).toBe(false)
  })
})

describe('changeSummary', () => {
  it('names the label and counts a selection', () => {
    const name = (id: string) => (id === 'L' ? 'Travel' : id)
    expect(changeSummary({ action: 'label', add: ['L'] }, 1, name)).toBe(
      'Conversation labelled "Travel"',
    )
    expect(changeSummary({ action: 'archive' }, 2, name)).toBe('2 conversations archived')
  })
})
