import { describe, expect, it } from 'vitest'
import { nextAfterLeaving } from './next-thread'

const list = ['a', 'b', 'c'].map((id) => ({ id }))

describe('what opens after a conversation leaves the list', () => {
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
