import { describe, expect, it } from 'vitest'
import { nextAfterLeaving, openAfterLeaving } from './next-thread'

const list = ['a', 'b', 'c'].map((id) => ({ id }))

describe('the row that takes the place of one leaving the list', () => {
  it('is the one below, or the one above when it was the last', () => {
    expect(nextAfterLeaving(list, 'a')?.id).toBe('b')
    expect(nextAfterLeaving(list, 'b')?.id).toBe('c')
    expect(nextAfterLeaving(list, 'c')?.id).toBe('b')
  })

  it('is nothing when it was the only one, or not in the list', () => {
    expect(nextAfterLeaving([{ id: 'a' }], 'a')).toBeUndefined()
    expect(nextAfterLeaving(list, 'zz')).toBeUndefined()
  })
})

describe('what opens after the open conversation leaves the list (afterArchive)', () => {
  it("'list': nothing, the list shows again", () => {
    for (const id of ['a', 'b', 'c']) expect(openAfterLeaving(list, id, 'list')).toBeUndefined()
  })

  it("'next': the one below, or the one above when it was the last", () => {
    expect(openAfterLeaving(list, 'a', 'next')?.id).toBe('b')
    expect(openAfterLeaving(list, 'b', 'next')?.id).toBe('c')
    expect(openAfterLeaving(list, 'c', 'next')?.id).toBe('b')
  })

  it("'previous': the one above, or the one below when it was the first", () => {
    expect(openAfterLeaving(list, 'c', 'previous')?.id).toBe('b')
    expect(openAfterLeaving(list, 'b', 'previous')?.id).toBe('a')
    expect(openAfterLeaving(list, 'a', 'previous')?.id).toBe('b')
  })

  it('is nothing when it was the only one, whatever the setting', () => {
    for (const setting of ['list', 'next', 'previous'] as const) {
      expect(openAfterLeaving([{ id: 'a' }], 'a', setting)).toBeUndefined()
      expect(openAfterLeaving(list, 'zz', setting)).toBeUndefined()
    }
  })
})
