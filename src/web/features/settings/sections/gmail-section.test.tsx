import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { CurrentUser } from '../../../../contract/auth'
import { createQueryClient } from '../../../lib/query-client'
import { GmailSection } from './gmail-section'

const USER: CurrentUser = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar: null,
  gmailConnected: true,
  isAdmin: false,
  hasCompletedOnboarding: true,
  hasSeenTutorial: true,
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('Disconnect Gmail', () => {
  it('asks first: Cancel keeps Gmail connected, Disconnect Gmail disconnects', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ gmailConnected: false }),
    )
    vi.stubGlobal('fetch', fetch)
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    render(
      <QueryClientProvider client={createQueryClient()}>
        <GmailSection user={USER} />
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Gmail?' })
    expect(dialog).toHaveTextContent('ada@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fetch).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Gmail' }))
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/auth/gmail/disconnect')
    await waitFor(() => expect(reload).toHaveBeenCalled())
  })
})
