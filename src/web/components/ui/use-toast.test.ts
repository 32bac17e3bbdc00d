import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY, toast, useToast } from './use-toast'
import type { ToasterToast } from './use-toast'

const make = (id: string, title = `Toast ${id}`): ToasterToast => ({ id, title, open: true })

describe('toast reducer', () => {
  it('keeps only the newest toast when two are added', () => {
    expect(TOAST_LIMIT).toBe(1)
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('a') })
    state = reducer(state, { type: 'ADD_TOAST', toast: make('b') })
    expect(state.toasts.map((t) => t.id)).toEqual(['b'])
  })

  it('dismiss marks the toast closed but keeps it', () => {
    const state = reducer({ toasts: [make('a')] }, { type: 'DISMISS_TOAST', toastId: 'a' })
    expect(state.toasts).toHaveLength(1)
    expect(state.toasts[0]?.open).toBe(false)
  })

  it('dismiss without an id closes every toast; remove without an id clears them', () => {
    const start = { toasts: [make('a'), make('b')] }
    expect(reducer(start, { type: 'DISMISS_TOAST' }).toasts.every((t) => !t.open)).toBe(true)
    expect(reducer(start, { type: 'REMOVE_TOAST' }).toasts).toEqual([])
  })

  it('update changes only the matching toast', () => {
    const start = { toasts: [make('a'), make('b')] }
    const state = reducer(start, {
      type: 'UPDATE_TOAST',
      toast: { id: 'b', title: 'Sent', variant: 'destructive' },
    })
    expect(state.toasts[0]).toEqual(make('a'))
    expect(state.toasts[1]).toMatchObject({ id: 'b', title: 'Sent', variant: 'destructive' })
  })
})

describe('toast() and useToast()', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows only the newest toast, and update/dismiss reach subscribers', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useToast())

    act(() => {
      toast({ title: 'First' })
    })
    let second!: ReturnType<typeof toast>
    act(() => {
      second = toast({ title: 'Second', description: 'Newest wins' })
    })
    expect(result.current.toasts).toHaveLength(1)
    expect(result.current.toasts[0]).toMatchObject({ id: second.id, title: 'Second', open: true })

    act(() => second.update({ title: 'Second, edited', variant: 'destructive' }))
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Second, edited',
      variant: 'destructive',
      description: 'Newest wins',
    })

    act(() => second.dismiss())
    expect(result.current.toasts[0]?.open).toBe(false)

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1)
    })
    expect(result.current.toasts).toHaveLength(1)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current.toasts).toHaveLength(0)
  })

  it('closing from Radix (onOpenChange false) dismisses and still calls the caller', () => {
    const onOpenChange = vi.fn()
    const { result } = renderHook(() => useToast())
    act(() => {
      toast({ title: 'Archived', onOpenChange })
    })
    const shown = result.current.toasts[0]
    act(() => shown?.onOpenChange?.(false))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(result.current.toasts[0]?.open).toBe(false)
    act(() => result.current.dismiss())
  })
})
