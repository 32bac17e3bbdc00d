import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import { useInboxSearch } from './use-inbox-search'

afterEach(cleanup)

describe('the inbox search', () => {
  it('searches all mail for the trimmed text, and typing again leaves all mail', () => {
    const { result } = renderHook(() => useInboxSearch())
    act(() => result.current.type('  invoice  '))
    expect(result.current.searching).toBe(true)
    act(() => result.current.searchAll())
    expect(result.current.serverQuery).toBe('invoice')
    act(() => result.current.type('invoices'))
    expect(result.current.serverQuery).toBeNull()
    expect(result.current.query).toBe('invoices')
  })

  it('an empty box does not search all mail; Clear forgets the text and all mail', () => {
    const { result } = renderHook(() => useInboxSearch())
    act(() => result.current.type('   '))
    expect(result.current.searching).toBe(false)
    act(() => result.current.searchAll())
    expect(result.current.serverQuery).toBeNull()
    act(() => result.current.type('x'))
    act(() => result.current.searchAll())
    act(() => result.current.clear())
    expect([result.current.query, result.current.serverQuery]).toEqual(['', null])
  })

  it('Back to inbox leaves all mail and keeps the text', () => {
    const { result } = renderHook(() => useInboxSearch())
    act(() => result.current.type('x'))
    act(() => result.current.searchAll())
    act(() => result.current.backToList())
    expect([result.current.query, result.current.serverQuery]).toEqual(['x', null])
  })
})
