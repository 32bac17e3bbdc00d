import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { useMarkReadWhenShown } from './use-mark-read-when-shown'

let visibility: DocumentVisibilityState = 'visible'
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })

afterEach(() => {
  cleanup()
  visibility = 'visible'
})

/** Lets a frame be painted and the task after it run. */
const afterAFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))

describe('an opened conversation counts as read', () => {
  it('once its messages are here and painted', async () => {
    const markRead = vi.fn()
    const { rerender } = renderHook(({ unread }) => useMarkReadWhenShown(unread, markRead), {
      initialProps: { unread: undefined as boolean | undefined },
    })
    await afterAFrame()
    expect(markRead).not.toHaveBeenCalled()
    rerender({ unread: true })
    await waitFor(() => expect(markRead).toHaveBeenCalledTimes(1))
    // Read now (the optimistic update): nothing more is sent.
    rerender({ unread: false })
    await afterAFrame()
    expect(markRead).toHaveBeenCalledTimes(1)
  })

  it('not while the page is hidden: only when the reader comes back to it', async () => {
    visibility = 'hidden'
    const markRead = vi.fn()
    renderHook(() => useMarkReadWhenShown(true, markRead))
    await afterAFrame()
    await afterAFrame()
    expect(markRead).not.toHaveBeenCalled()
    visibility = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => expect(markRead).toHaveBeenCalledTimes(1))
  })

  it('never when it opened read: marked unread since, it stays unread', async () => {
    const markRead = vi.fn()
    const { rerender } = renderHook(({ unread }) => useMarkReadWhenShown(unread, markRead), {
      initialProps: { unread: false },
    })
    rerender({ unread: true })
    await afterAFrame()
    await afterAFrame()
    expect(markRead).not.toHaveBeenCalled()
  })
})
