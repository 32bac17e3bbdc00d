import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../../lib/query-client'
import { listThread } from '../../test/thread-row'
import { threadDetailKey } from './api/get-thread'
import { useThreadPrefetch } from './use-thread-prefetch'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/**
 * The prefetch hook against a server that holds each conversation's answer until the test
 * lets it go: which conversations were asked for, and how many were on the wire at once.
 */
function renderPrefetch() {
  const asked: string[] = []
  const held: (() => void)[] = []
  let onTheWire = 0
  let mostOnTheWire = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const id = decodeURIComponent(String(url).split('/').pop()!)
      asked.push(id)
      onTheWire += 1
      mostOnTheWire = Math.max(mostOnTheWire, onTheWire)
      await new Promise<void>((resolve) => held.push(resolve))
      onTheWire -= 1
      return Response.json({ thread: listThread({ id }), messages: [] })
    }),
  )
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const { result } = renderHook(
    () =>
      useThreadPrefetch({
        threads: [],
        cursorIndex: -1,
        selectedId: null,
        loadViewer: async () => {},
      }),
    { wrapper },
  )
  const answerAll = async () => {
    while (asked.length > 0 && held.length > 0) {
      await act(async () => {
        for (const resolve of held.splice(0)) resolve()
        await new Promise((r) => setTimeout(r, 10))
      })
    }
  }
  return {
    prefetch: () => result.current,
    client,
    asked,
    answerAll,
    mostOnTheWire: () => mostOnTheWire,
  }
}

describe('the rows in view, once the list is at rest', () => {
  it('fetches their conversations two at a time, skipping what the cache has and headers-only rows', async () => {
    const probe = renderPrefetch()
    probe.client.setQueryData(threadDetailKey('t2'), {
      thread: listThread({ id: 't2' }),
      messages: [],
    })
    const rows = ['t1', 't2', 't3', 't4', 't5'].map((id) =>
      listThread({ id, partial: id === 't4' }),
    )
    act(() => probe.prefetch().onRowsAtRest(rows))
    await waitFor(() => expect(probe.asked).toHaveLength(2))
    await probe.answerAll()
    await waitFor(() => expect(probe.asked).toEqual(['t1', 't3', 't5']))
    await probe.answerAll()
    expect(probe.mostOnTheWire()).toBe(2)
    for (const id of ['t1', 't3', 't5']) {
      expect(probe.client.getQueryData(threadDetailKey(id))).toBeDefined()
    }
  })

  it('drops what the last rest had not started when the list moves on', async () => {
    const probe = renderPrefetch()
    const first = ['a1', 'a2', 'a3', 'a4'].map((id) => listThread({ id }))
    const second = ['b1', 'b2'].map((id) => listThread({ id }))
    act(() => probe.prefetch().onRowsAtRest(first))
    await waitFor(() => expect(probe.asked).toEqual(['a1', 'a2']))
    act(() => probe.prefetch().onRowsAtRest(second))
    await waitFor(() => expect(probe.asked).toHaveLength(4))
    await probe.answerAll()
    // a3 and a4 scrolled away before their turn: never asked for.
    expect(probe.asked).toEqual(['a1', 'a2', 'b1', 'b2'])
  })
})
