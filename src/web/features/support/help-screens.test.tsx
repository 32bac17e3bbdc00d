import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '../../lib/query-client'
import { HelpDeskScreen } from './help-screens'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const FIRST = /your tickets go to the front of the queue, and you get our reply first/

/** The server: the user's plan, and the ticket's answer as POST /api/contact gives it. */
function serve(plan: 'pro' | 'free') {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/user/plan') return Response.json({ plan })
    if (url === '/api/contact') {
      return Response.json(
        { id: 'ticket-1', status: 'open', prioritySupport: plan === 'pro' },
        { status: 201 },
      )
    }
    return Response.json({})
  })
  vi.stubGlobal('fetch', fetchMock)
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HelpDeskScreen />
    </QueryClientProvider>,
  )
  return fetchMock
}

/** Fills the ticket form and sends it. */
function submit() {
  // The issue type's select, through the native select it keeps for the form.
  const [typeSelect] = document.querySelectorAll('select')
  fireEvent.change(typeSelect!, { target: { value: 'bug' } })
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Sync stopped' } })
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'It stopped.' } })
  fireEvent.click(screen.getByRole('button', { name: /Submit/ }))
}

describe('the help desk', () => {
  it('tells a Pro user, before and after sending, that their reply comes first', async () => {
    serve('pro')
    expect(await screen.findByText(FIRST)).toBeVisible()
    submit()
    expect(
      await screen.findByText(
        /priority support: your ticket is at the front of the queue and is answered first/,
      ),
    ).toBeVisible()
  })

  it('promises a Free user the usual answer, not priority', async () => {
    const fetchMock = serve('free')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/user/plan', expect.anything()))
    submit()
    expect(await screen.findByText(/Our support team answers within 24 hours/)).toBeVisible()
    expect(screen.queryByText(FIRST)).toBeNull()
    expect(screen.queryByText(/answered first/)).toBeNull()
  })
})
