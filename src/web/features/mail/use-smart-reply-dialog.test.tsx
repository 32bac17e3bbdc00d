import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createQueryClient } from '../../lib/query-client'
import { useSmartReplyDialog } from './use-smart-reply-dialog'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderDialogState(path: string) {
  // The conversation's prefetch is not what is tested: it fails quietly.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  )
  const location = memoryLocation({ path, record: true })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </QueryClientProvider>
  )
  const { result } = renderHook(() => useSmartReplyDialog(async () => {}), { wrapper })
  return { result, location }
}

describe('Smart Reply asked for by the address (the onboarding’s “Try Smart Reply”)', () => {
  it('opens on the conversation named, and the request leaves the address', () => {
    const { result, location } = renderDialogState('/app?thread=t1&smart-reply=1')
    expect(result.current.threadId).toBe('t1')
    expect(location.history!.at(-1)).toBe('/app?thread=t1')
  })

  it('opens when the address asks while the inbox is already open', () => {
    const { result, location } = renderDialogState('/app')
    expect(result.current.threadId).toBeNull()
    act(() => location.navigate('/app?thread=t2&smart-reply=1'))
    expect(result.current.threadId).toBe('t2')
    expect(location.history!.at(-1)).toBe('/app?thread=t2')
  })

  it('stays closed for an ordinary open conversation', () => {
    const { result } = renderDialogState('/app?thread=t3')
    expect(result.current.threadId).toBeNull()
  })
})
