import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Thread, ThreadList } from '../../../../contract/mail'
import { DEFAULT_SETTINGS } from '../../../../contract/settings-defaults'
import { createQueryClient } from '../../../lib/query-client'
import { InboxScreen } from './inbox-screen'

const THREAD: Thread = {
  id: 't1',
  subject: 'Quarterly numbers',
  snippet: '',
  body: '',
  textBody: '',
  htmlBody: null,
  hasHtml: false,
  sender: { name: 'Grace', email: 'grace@example.com' },
  recipient: 'ada@example.com',
  cc: '',
  timestamp: '2025-06-10T12:00:00.000Z',
  labels: ['INBOX'],
  isUnread: false,
  isStarred: false,
  headers: {
    from: '',
    to: '',
    cc: '',
    bcc: '',
    date: '',
    subject: '',
    messageId: '',
    replyTo: '',
  },
  messageCount: 1,
  hasAttachments: false,
}

const FAILED: ThreadList = {
  threads: [],
  nextCursor: null,
  total: 0,
  syncing: false,
  syncError: 'Gmail answered with an error (HTTP 503).',
  skippedMessages: 0,
}
const SYNCED: ThreadList = {
  ...FAILED,
  threads: [THREAD],
  total: 1,
  syncError: null,
  skippedMessages: 2,
}

/** The API as the inbox reads it: the thread list fails until POST /api/gmail/sync works. */
function serveApi() {
  let synced = false
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 })
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    if (url.startsWith('/api/gmail/sync') && init?.method === 'POST') {
      synced = true
      return json({ changed: 1, full: false })
    }
    if (url.startsWith('/api/gmail/threads')) return json(synced ? SYNCED : FAILED)
    if (url.startsWith('/api/gmail/unread-count')) return json({ count: 0 })
    if (url.startsWith('/api/user/settings')) return json(DEFAULT_SETTINGS)
    if (url.startsWith('/api/user/plan')) {
      return json({
        plan: 'pro',
        aiEmailsUsed: 0,
        aiEmailsLimit: null,
        canGenerateAI: true,
        proExpiration: null,
      })
    }
    if (url.startsWith('/api/auth/user')) {
      return json({ id: 'u1', name: 'Ada', email: 'ada@example.com', gmailConnected: true })
    }
    return new Response('{}', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the inbox after a failed sync', () => {
  it('shows why with Retry instead of "No emails found", and Retry syncs again', async () => {
    const fetchMock = serveApi()
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={memoryLocation({ path: '/inbox' }).hook}>
          <InboxScreen />
        </Router>
      </QueryClientProvider>,
    )

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent('Could not sync with Gmail')
    expect(banner).toHaveTextContent('Gmail answered with an error (HTTP 503).')
    expect(banner).toHaveTextContent('Your mail will appear here once a sync works.')
    expect(screen.queryByText('No emails found')).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('1 conversation')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/gmail/sync',
      expect.objectContaining({ method: 'POST' }),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(
      screen.getByText('2 messages could not be stored in Inkwell; they are still in Gmail.'),
    ).toBeInTheDocument()
  })
})
