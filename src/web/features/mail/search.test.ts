import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { SEARCH_DEBOUNCE_MS, useSearchText } from './search'
import { visibleLabels } from './labels'

describe('the search the inbox runs for what is typed', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits for typing to pause: a word typed quickly is one search', () => {
    const { result, rerender } = renderHook(({ typed }) => useSearchText(typed), {
      initialProps: { typed: '' },
    })
    for (const typed of ['k', 'ka', 'kay', 'kaya', 'kayak ']) {
      rerender({ typed })
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS / 2)
      })
      expect(result.current).toBe('')
    }
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    })
    expect(result.current).toBe('kayak')
  })

  it('clears at once, and a new search never shows the cleared one', () => {
    const { result, rerender } = renderHook(({ typed }) => useSearchText(typed), {
      initialProps: { typed: 'budget' },
    })
    expect(result.current).toBe('budget')
    rerender({ typed: '' })
    expect(result.current).toBe('')
    rerender({ typed: 'v' })
    expect(result.current).toBe('')
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS)
    })
    expect(result.current).toBe('v')
  })
})

describe('visible labels', () => {
  it('hides system labels, lowercases the rest and names categories plainly', () => {
    expect(
      visibleLabels([
        'INBOX',
        'UNREAD',
        'STARRED',
        'IMPORTANT',
        'Clients',
        'CATEGORY_PROMOTIONS',
        'Follow-up',
      ]),
    ).toEqual(['clients', 'promotions', 'follow-up'])
  })
})
