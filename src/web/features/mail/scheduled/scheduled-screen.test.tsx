import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Contact } from '../../../../contract/contacts'
import type { ScheduledSend } from '../../../../contract/scheduled'
import { Toaster } from '../../../components/ui/toaster'
import { createQueryClient } from '../../../lib/query-client'
import { ScheduledScreen } from './scheduled-screen'
import { formatSendAt, toLocalInput, tomorrowMorning } from './send-later-presets'

const FAILED: ScheduledSend = {
  id: '6b0d3c2e-1111-4a4a-8888-000000000002',
  kind: 'later',
  to: ['grace@example.com'],
  subject: 'Quarterly figures',
  sendAt: '2026-03-02T08:00:00.000Z',
  status: 'failed',
  error: 'Gmail is not connected',
  draftId: 'draft-2',
  threadId: null,
}

const ME = { id: 'u1', name: 'Sam Rivera', email: 'sam@example.com', avatar: null }

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function serve(list: ScheduledSend[], contacts: Partial<Contact>[] = []) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`)
      if (init?.method === 'PATCH') {
        const { sendAt } = JSON.parse(String(init.body)) as { sendAt: string }
        list = list.map((item) => (url.endsWith(item.id) ? { ...item, sendAt } : item))
        return Response.json(list.find((item) => url.endsWith(item.id)))
      }
      if (init?.method === 'DELETE') {
        list = list.filter((item) => !url.endsWith(item.id))
        return Response.json({ id: FAILED.id, draft: null, aiDraftId: null })
      }
      if (url === '/api/gmail/scheduled') return Response.json({ scheduled: list })
      if (url === '/api/auth/user') return Response.json(ME)
      if (url === '/api/contacts') return Response.json(contacts)
      return new Response(null, { status: 404 })
    }),
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/app/scheduled' }).hook}>
        <ScheduledScreen />
        <Toaster />
      </Router>
    </QueryClientProvider>,
  )
  return calls
}

describe('the Scheduled view', () => {
  it('shows a failed message with its reason and that it is kept in Drafts; Cancel says it stays there', async () => {
    const calls = serve([FAILED])
    const row = await screen.findByTestId('scheduled-row')
    expect(within(row).getByText('to grace@example.com')).toBeTruthy()
    expect(within(row).getByText('Quarterly figures')).toBeTruthy()
    expect(within(row).getByTestId('scheduled-status').textContent).toBe(
      'Not sent: Gmail is not connected. The message is kept in Drafts.',
    )

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel: Quarterly figures' }))
    await waitFor(() => expect(calls).toContain(`DELETE /api/gmail/scheduled/${FAILED.id}`))
    expect(await screen.findByText('Scheduled send cancelled')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Drafts' }).getAttribute('href')).toBe('/drafts')
    // The list is asked again: the cancelled message has left it.
    expect(await screen.findByText('Nothing scheduled')).toBeTruthy()
  })

  it('names whom a message goes to: a contact by name, the user as me, others by address', async () => {
    serve(
      [
        {
          ...FAILED,
          status: 'scheduled',
          error: null,
          to: ['grace@example.com', 'SAM@example.com', 'Kim <kim@example.com>', 'lee@example.com'],
        },
      ],
      [{ name: 'Grace Hopper', email: 'grace@example.com' }],
    )
    const row = await screen.findByTestId('scheduled-row')
    expect(await within(row).findByText('to Grace Hopper, me, Kim, lee@example.com')).toBeTruthy()
  })

  it('Change time moves a message to a preset or to a picked date and time, and says when', async () => {
    const waiting: ScheduledSend = {
      ...FAILED,
      status: 'scheduled',
      error: null,
      sendAt: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
    }
    const calls = serve([waiting])
    const row = await screen.findByTestId('scheduled-row')
    const patches = () => calls.filter((c) => c.startsWith('PATCH'))

    // A preset: Tomorrow morning, on the user's clock.
    const morning = tomorrowMorning(new Date())
    fireEvent.keyDown(within(row).getByRole('button', { name: 'Change time: Quarterly figures' }), {
      key: 'Enter',
    })
    fireEvent.click(await screen.findByRole('menuitem', { name: /Tomorrow morning/ }))
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(patches()[0]).toBe(
      `PATCH /api/gmail/scheduled/${FAILED.id} ${JSON.stringify({ sendAt: morning.toISOString() })}`,
    )
    expect(await screen.findByText(`Scheduled for ${formatSendAt(morning)}`)).toBeTruthy()
    // The list is asked again and shows the new time.
    await waitFor(() =>
      expect(within(row).getByText(formatSendAt(morning)).getAttribute('datetime')).toBe(
        morning.toISOString(),
      ),
    )

    // A date and time of the user's choosing, in two days at 14:30 on their clock.
    const picked = new Date()
    picked.setDate(picked.getDate() + 2)
    picked.setHours(14, 30, 0, 0)
    fireEvent.keyDown(within(row).getByRole('button', { name: 'Change time: Quarterly figures' }), {
      key: 'Enter',
    })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pick date & time…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change time' })
    fireEvent.change(within(dialog).getByLabelText('Date and time'), {
      target: { value: toLocalInput(picked) },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change time' }))
    await waitFor(() => expect(patches()).toHaveLength(2))
    expect(patches()[1]).toBe(
      `PATCH /api/gmail/scheduled/${FAILED.id} ${JSON.stringify({ sendAt: picked.toISOString() })}`,
    )
    expect(await screen.findByText(`Scheduled for ${formatSendAt(picked)}`)).toBeTruthy()
  })

  it('refuses a picked time in the past, saying why, and moves nothing', async () => {
    const calls = serve([{ ...FAILED, status: 'scheduled', error: null }])
    const row = await screen.findByTestId('scheduled-row')
    fireEvent.keyDown(within(row).getByRole('button', { name: 'Change time: Quarterly figures' }), {
      key: 'Enter',
    })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pick date & time…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change time' })
    fireEvent.change(within(dialog).getByLabelText('Date and time'), {
      target: { value: toLocalInput(new Date(Date.now() - 3600_000)) },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change time' }))
    expect(
      await within(dialog).findByText('Choose a time at least a minute from now.'),
    ).toBeTruthy()
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([])
  })
})
