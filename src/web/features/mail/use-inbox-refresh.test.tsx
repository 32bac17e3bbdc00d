import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { dismiss, useToast } from '../../components/ui/use-toast'
import { createQueryClient } from '../../lib/query-client'
import { useInboxRefresh } from './use-inbox-refresh'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  dismiss()
})

/** Refresh, against a server that refuses the sync with `body`; and the toasts on screen. */
function renderRefresh(body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 503 })),
  )
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => ({ refresh: useInboxRefresh(), toasts: useToast().toasts }), {
    wrapper,
  }).result
}

describe('Refresh when the sync fails', () => {
  it('says so in a toast, in the server’s words', async () => {
    const result = renderRefresh(
      JSON.stringify({ error: { code: 'gmail_unavailable', message: 'Gmail is not answering.' } }),
    )
    act(() => result.current.refresh.refresh())
    await waitFor(() => expect(result.current.toasts.filter((t) => t.open)).toHaveLength(1))
    expect(result.current.toasts.map((t) => [t.variant, t.title, t.description])).toEqual([
      ['destructive', 'Could not sync with Gmail', 'Gmail is not answering.'],
    ])
  })

  it('says the list keeps what it has when the server gives no reason', async () => {
    const result = renderRefresh('')
    act(() => result.current.refresh.refresh())
    await waitFor(() => expect(result.current.toasts.filter((t) => t.open)).toHaveLength(1))
    expect(result.current.toasts[0]?.description).toBe('Showing what Inkwell already has.')
  })
})
