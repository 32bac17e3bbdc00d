import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { AdminTicketList, Ticket } from '../../../contract/support'
import { createQueryClient } from '../../lib/query-client'
import { AdminScreen } from './admin-screen'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ticket = (id: string, subject: string, extra: Partial<Ticket> = {}): Ticket => ({
  id,
  type: 'bug',
  priority: 'medium',
  subject,
  message: 'Something went wrong.',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  url: null,
  userAgent: null,
  status: 'open',
  createdAt: '2026-11-15T10:00:00.000Z',
  prioritySupport: false,
  ...extra,
})

/** The list as the server orders it: a Pro user's open ticket first, then newest first. */
const LIST: AdminTicketList = {
  tickets: [
    ticket('t-pro', 'Sync stopped', {
      prioritySupport: true,
      createdAt: '2026-11-14T09:00:00.000Z',
    }),
    ticket('t-free', 'A newer question'),
  ],
  counts: { total: 2, open: 2, in_progress: 0, resolved: 0, closed: 0 },
}

describe('the admin ticket list', () => {
  it('marks a priority-support ticket, visibly and only that one, in the order it came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(LIST)),
    )
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AdminScreen />
      </QueryClientProvider>,
    )
    const headings = await screen.findAllByRole('heading', { level: 2 })
    expect(headings.map((h) => h.textContent)).toEqual(['Sync stopped', 'A newer question'])
    const [first, second] = headings.map((h) => h.closest('[data-ticket-id]') as HTMLElement)
    expect(within(first!).getByText('Priority support')).toBeVisible()
    expect(first).toHaveAttribute('data-priority-support', 'true')
    expect(within(second!).queryByText('Priority support')).toBeNull()
    expect(second).not.toHaveAttribute('data-priority-support')
  })
})
