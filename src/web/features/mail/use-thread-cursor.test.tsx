import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { useThreadCursor } from './use-thread-cursor'

const rows = ['a', 'b', 'c', 'd'].map((id) => ({ id }))

afterEach(cleanup)

/** The cursor over `threads`, at `path`, with the browser history it writes. */
function renderCursor(threads: { id: string }[] = rows, path = '/inbox') {
  const location = memoryLocation({ path, record: true })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  )
  const { result } = renderHook(() => useThreadCursor(threads), { wrapper })
  return { result, history: location.history! }
}

describe('j and k', () => {
  it('start at the first row, step one row down or up, and stop at either end', () => {
    const { result } = renderCursor()
    const cursorRow = () => rows[result.current.cursorIndex]?.id
    act(() => result.current.step(-1))
    expect(cursorRow()).toBe('a')
    act(() => result.current.step(1))
    act(() => result.current.step(1))
    expect(cursorRow()).toBe('c')
    act(() => result.current.step(-1))
    expect(cursorRow()).toBe('b')
    act(() => result.current.step(1))
    act(() => result.current.step(1))
    act(() => result.current.step(1))
    expect(cursorRow()).toBe('d')
    act(() => result.current.step(-1))
    act(() => result.current.step(-1))
    act(() => result.current.step(-1))
    act(() => result.current.step(-1))
    expect(cursorRow()).toBe('a')
    // Moving the cursor opens nothing.
    expect(result.current.selectedId).toBeNull()
  })

  it('with a conversation open, open the next one in its place, not one more Back step', () => {
    const { result, history } = renderCursor()
    act(() => result.current.open('b'))
    expect(history).toEqual(['/inbox', '/inbox?thread=b'])
    act(() => result.current.step(1))
    expect(result.current.selectedId).toBe('c')
    act(() => result.current.step(-1))
    act(() => result.current.step(-1))
    expect(result.current.selectedId).toBe('a')
    expect(history).toEqual(['/inbox', '/inbox?thread=a'])
  })

  it('do nothing in an empty list', () => {
    const { result, history } = renderCursor([])
    act(() => result.current.step(1))
    expect(result.current.cursorIndex).toBe(-1)
    expect(history).toEqual(['/inbox'])
  })
})

describe('o, Escape and what keys act on', () => {
  it('o opens the row under the cursor; Escape closes it and the cursor stays on its row', () => {
    const { result } = renderCursor()
    act(() => result.current.openAtCursor())
    expect(result.current.selectedId).toBeNull()
    act(() => result.current.step(1))
    act(() => result.current.step(1))
    expect(result.current.targetId).toBe('b')
    act(() => result.current.openAtCursor())
    expect(result.current.selectedId).toBe('b')
    act(() => result.current.close())
    expect(result.current.selectedId).toBeNull()
    expect(result.current.targetId).toBe('b')
  })

  it('the open conversation is what keys act on, over the cursor', () => {
    const { result } = renderCursor()
    act(() => result.current.step(1))
    expect(result.current.targetId).toBe('a')
    act(() => result.current.open('c'))
    expect(result.current.targetId).toBe('c')
  })

  it('closing gives the focus back to the conversation’s row', async () => {
    const row = document.createElement('div')
    row.dataset.threadId = 'b'
    const button = document.createElement('button')
    row.append(button)
    document.body.append(row)
    const { result } = renderCursor()
    act(() => result.current.open('b'))
    act(() => result.current.close())
    await waitFor(() => expect(button).toHaveFocus())
    row.remove()
  })
})

describe('a conversation leaving the list (decision 027, issue 25)', () => {
  it("when open, and the setting is 'list' (the default), goes back to the list", async () => {
    const { result, history } = renderCursor()
    const row = document.createElement('div')
    row.dataset.threadId = 'c'
    const button = document.createElement('button')
    row.append(button)
    document.body.append(row)
    act(() => result.current.open('b'))
    act(() => result.current.leave('b', 'list'))
    expect(result.current.selectedId).toBeNull()
    // In place in the history: Back does not reopen what left the list.
    expect(history).toEqual(['/inbox', '/inbox'])
    // The row that took its place has the cursor and the focus, so j, k and Enter go on from it.
    expect(result.current.targetId).toBe('c')
    await waitFor(() => expect(button).toHaveFocus())
    row.remove()
  })

  it("when open, and the setting is 'previous', opens the one above (below when it was first)", () => {
    const { result, history } = renderCursor()
    act(() => result.current.open('c'))
    act(() => result.current.leave('c', 'previous'))
    expect(result.current.selectedId).toBe('b')
    expect(history).toEqual(['/inbox', '/inbox?thread=b'])

    const first = renderCursor()
    act(() => first.result.current.open('a'))
    act(() => first.result.current.leave('a', 'previous'))
    expect(first.result.current.selectedId).toBe('b')
  })

  it('under the cursor, moves the cursor to the one below whatever the setting', () => {
    for (const setting of ['list', 'previous'] as const) {
      const { result } = renderCursor()
      act(() => result.current.step(1))
      act(() => result.current.step(1))
      act(() => result.current.leave('b', setting))
      expect(rows[result.current.cursorIndex]?.id).toBe('c')
      expect(result.current.selectedId).toBeNull()
      cleanup()
    }
  })

  it("when open, and the setting is 'next', gives its place to the one below, in place in the history", () => {
    const { result, history } = renderCursor()
    act(() => result.current.open('b'))
    act(() => result.current.leave('b', 'next'))
    expect(result.current.selectedId).toBe('c')
    expect(history).toEqual(['/inbox', '/inbox?thread=c'])
  })

  it('when open and last, gives its place to the one above; when the only one, to none', () => {
    const { result } = renderCursor()
    act(() => result.current.open('d'))
    act(() => result.current.leave('d', 'next'))
    expect(result.current.selectedId).toBe('c')

    const only = renderCursor([{ id: 'a' }])
    act(() => only.result.current.open('a'))
    act(() => only.result.current.leave('a', 'next'))
    expect(only.result.current.selectedId).toBeNull()
    // The open entry now shows the list: Back does not reopen what left it.
    expect(only.history).toEqual(['/inbox', '/inbox'])
  })

  it('under the cursor, moves the cursor to the one below and opens nothing', () => {
    const { result } = renderCursor()
    act(() => result.current.step(1))
    act(() => result.current.step(1))
    act(() => result.current.leave('b', 'next'))
    expect(rows[result.current.cursorIndex]?.id).toBe('c')
    expect(result.current.selectedId).toBeNull()
  })

  it('elsewhere in the list, moves neither the open conversation nor the cursor', () => {
    const { result, history } = renderCursor()
    act(() => result.current.step(1))
    act(() => result.current.leave('c', 'next'))
    expect(result.current.targetId).toBe('a')
    act(() => result.current.open('b'))
    act(() => result.current.leave('d', 'next'))
    expect(result.current.selectedId).toBe('b')
    expect(history).toEqual(['/inbox', '/inbox?thread=b'])
  })
})
