import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useDebouncedCallback } from './use-debounced-callback'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useDebouncedCallback', () => {
  it('calls once, with the last arguments, after the delay has passed quietly', () => {
    const fn = vi.fn()
    const { result } = renderHook(() => useDebouncedCallback(fn, 1000))
    act(() => result.current.run('a'))
    vi.advanceTimersByTime(900)
    act(() => result.current.run('b'))
    vi.advanceTimersByTime(900)
    expect(fn).not.toHaveBeenCalled()
    expect(result.current.isPending()).toBe(true)
    vi.advanceTimersByTime(100)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenCalledWith('b')
    expect(result.current.isPending()).toBe(false)
  })

  it('flushes a waiting call at once and cancels one on request', () => {
    const fn = vi.fn()
    const { result } = renderHook(() => useDebouncedCallback(fn, 1000))
    act(() => result.current.run(1))
    act(() => result.current.flush())
    expect(fn).toHaveBeenCalledWith(1)
    act(() => result.current.run(2))
    act(() => result.current.cancel())
    vi.advanceTimersByTime(5000)
    expect(fn).toHaveBeenCalledTimes(1)
    act(() => result.current.flush())
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('uses the latest callback and stays the same object across renders', () => {
    const first = vi.fn()
    const second = vi.fn()
    const { result, rerender } = renderHook(({ fn }) => useDebouncedCallback(fn, 500), {
      initialProps: { fn: first },
    })
    const before = result.current
    act(() => result.current.run())
    rerender({ fn: second })
    expect(result.current).toBe(before)
    vi.advanceTimersByTime(500)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('drops a waiting call when the component goes away', () => {
    const fn = vi.fn()
    const { result, unmount } = renderHook(() => useDebouncedCallback(fn, 500))
    act(() => result.current.run())
    unmount()
    vi.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
  })
})
