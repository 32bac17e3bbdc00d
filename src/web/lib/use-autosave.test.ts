import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAutosave } from './use-autosave'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useAutosave', () => {
  it('saves 2000 ms after the last change, once, with the newest value', async () => {
    const save = vi.fn(async () => {})
    const { result } = renderHook(() =>
      useAutosave({ delay: 2000, save, onError: vi.fn(), initial: 'a' }),
    )
    act(() => result.current.schedule('ab'))
    await act(() => vi.advanceTimersByTimeAsync(1500))
    act(() => result.current.schedule('abc'))
    await act(() => vi.advanceTimersByTimeAsync(1999))
    expect(save).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(save).toHaveBeenCalledTimes(1)
    expect(save).toHaveBeenCalledWith('abc')
    expect(result.current.status).toBe('saved')
  })

  it('shows saving while the call is on the wire', async () => {
    const call = deferred()
    const { result } = renderHook(() =>
      useAutosave({ delay: 100, save: () => call.promise, onError: vi.fn() }),
    )
    act(() => result.current.schedule({ name: 'Jane' }))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(result.current.status).toBe('saving')
    await act(async () => call.resolve())
    expect(result.current.status).toBe('saved')
  })

  it('does not send what the server already has', async () => {
    const save = vi.fn(async () => {})
    const { result } = renderHook(() =>
      useAutosave({ delay: 100, save, onError: vi.fn(), initial: { a: 1 } }),
    )
    act(() => result.current.schedule({ a: 2 }))
    act(() => result.current.schedule({ a: 1 }))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(save).not.toHaveBeenCalled()
    expect(result.current.status).toBe('idle')
  })

  it('never overlaps saves: a change made during a save is written after it', async () => {
    const first = deferred()
    const calls: string[] = []
    const save = vi.fn((value: string) => {
      calls.push(value)
      return calls.length === 1 ? first.promise : Promise.resolve()
    })
    const { result } = renderHook(() => useAutosave({ delay: 100, save, onError: vi.fn() }))
    act(() => result.current.schedule('one'))
    await act(() => vi.advanceTimersByTimeAsync(100))
    act(() => result.current.schedule('two'))
    act(() => result.current.schedule('three'))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(calls).toEqual(['one'])
    await act(async () => first.resolve())
    expect(calls).toEqual(['one', 'three'])
    expect(result.current.status).toBe('saved')
  })

  it('reports a failure, keeps trying on the next change', async () => {
    const onError = vi.fn()
    const save = vi
      .fn<(value: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('500: boom'))
      .mockResolvedValue(undefined)
    const { result } = renderHook(() => useAutosave({ delay: 100, save, onError }))
    act(() => result.current.schedule('x'))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(onError).toHaveBeenCalledTimes(1)
    expect(result.current.status).toBe('failed')
    expect(await result.current.idle()).toBe(false)
    act(() => result.current.schedule('xy'))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(save).toHaveBeenLastCalledWith('xy')
    expect(result.current.status).toBe('saved')
  })

  it('flush sends a waiting change at once; cancel drops it', async () => {
    const save = vi.fn(async () => {})
    const { result } = renderHook(() => useAutosave({ delay: 2000, save, onError: vi.fn() }))
    act(() => result.current.schedule('now'))
    let saved = false
    await act(async () => {
      saved = await result.current.flush()
    })
    expect(saved).toBe(true)
    expect(save).toHaveBeenCalledWith('now')
    act(() => result.current.schedule('never'))
    act(() => result.current.cancel())
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(save).toHaveBeenCalledTimes(1)
  })
})
