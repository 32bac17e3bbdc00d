import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { MAX_SELECTION } from '../../../../contract/labels'
import { keepListed, toggleSelected, useSelection } from './selection'

describe('toggleSelected', () => {
  it('ticks and unticks, in the order ticked', () => {
    let selection = toggleSelected([], 'b')
    selection = toggleSelected(selection, 'a')
    expect(selection).toEqual(['b', 'a'])
    expect(toggleSelected(selection, 'b')).toEqual(['a'])
  })

  it('takes no more than the bulk limit', () => {
    const full = Array.from({ length: MAX_SELECTION }, (_, i) => `t${i}`)
    expect(toggleSelected(full, 'one-more')).toHaveLength(MAX_SELECTION)
    expect(toggleSelected(full, 't0')).toHaveLength(MAX_SELECTION - 1)
  })
})

describe('keepListed', () => {
  it('drops what left the list, and keeps the same array when nothing did', () => {
    const selection = ['a', 'b']
    expect(keepListed(selection, [{ id: 'a' }])).toEqual(['a'])
    expect(keepListed(selection, [{ id: 'a' }, { id: 'b' }, { id: 'c' }])).toBe(selection)
  })
})

describe('useSelection', () => {
  it('follows the list and clears', () => {
    let threads = [{ id: 'a' }, { id: 'b' }]
    const { result, rerender } = renderHook(() => useSelection(threads))
    act(() => result.current.toggle('a'))
    act(() => result.current.toggle('b'))
    expect(result.current.count).toBe(2)
    expect(result.current.has('a')).toBe(true)
    threads = [{ id: 'b' }]
    rerender()
    expect(result.current.ids).toEqual(['b'])
    act(() => result.current.clear())
    expect(result.current.count).toBe(0)
  })
})
