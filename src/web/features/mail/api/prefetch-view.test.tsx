import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Label } from '../../../../contract/labels'
import { MailboxNav } from '../components/mailbox-nav'
import { threadListKey } from './get-threads'
import { prefetchView, useViewPrefetch } from './prefetch-view'

const LABELS: Label[] = [
  { id: 'INBOX', name: 'INBOX', type: 'system', unread: 0, total: 0 },
  { id: 'Label_7', name: 'Inkwell/Snoozed', type: 'user', unread: 0, total: 1 },
  { id: 'Label_2', name: 'Clients', type: 'user', unread: 1, total: 3 },
]
const emptyPage = {
  threads: [],
  nextCursor: null,
  total: 0,
  syncing: false,
  syncError: null,
  skippedMessages: 0,
}

let client: QueryClient
let asked: string[]
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  asked = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(new URLSearchParams(url.split('?')[1]).get('label') ?? url)
      return Promise.resolve(new Response(JSON.stringify(emptyPage)))
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('a view’s first page, fetched before its first visit', () => {
  it('asks for the list each view shows, and for nothing on a screen that is no list', async () => {
    for (const path of ['/app/sent', '/app/all', '/app/snoozed', '/app/label/Label_2', '/drafts'])
      prefetchView(client, path, LABELS)
    await vi.waitFor(() => expect(asked).toHaveLength(4))
    expect(asked).toEqual(['SENT', 'ALL', 'Label_7', 'Label_2'])
  })

  it('does not ask again for a view whose list is cached', () => {
    client.setQueryData(threadListKey({ label: 'SENT' }), {
      pages: [emptyPage],
      pageParams: [undefined],
    })
    prefetchView(client, '/app/sent', LABELS)
    expect(asked).toEqual([])
  })

  it('fetches only the link a pointer rests on, not those it sweeps past', async () => {
    vi.useFakeTimers()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useViewPrefetch(LABELS), { wrapper })
    result.current('/app/starred')
    result.current('/app/important')
    result.current('/app/sent')
    await act(() => vi.runAllTimersAsync())
    expect(asked).toEqual(['SENT'])
  })

  it('the sidebar’s label links report the pointer as its views’ do', () => {
    const intents: string[] = []
    const location = memoryLocation({ path: '/inbox' })
    render(
      <Router hook={location.hook}>
        <MailboxNav location="/inbox" labels={LABELS} onIntent={(path) => intents.push(path)} />
      </Router>,
    )
    fireEvent.pointerEnter(screen.getByRole('link', { name: /^Sent/ }))
    fireEvent.pointerEnter(screen.getByRole('link', { name: /^Clients/ }))
    fireEvent.focus(screen.getByRole('link', { name: /^Clients/ }))
    expect(intents).toEqual(['/app/sent', '/app/label/Label_2', '/app/label/Label_2'])
  })
})
